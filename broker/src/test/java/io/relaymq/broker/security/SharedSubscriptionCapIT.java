package io.relaymq.broker.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.hivemq.client.mqtt.mqtt5.Mqtt5BlockingClient;
import com.hivemq.client.mqtt.mqtt5.Mqtt5Client;
import com.hivemq.client.mqtt.mqtt5.message.subscribe.suback.Mqtt5SubAckReasonCode;
import io.relaymq.broker.auth.AuthClients;
import io.relaymq.broker.support.BrokerProcess;
import io.relaymq.broker.support.PersistentSessions;
import io.relaymq.broker.support.PersistentSessions.Received;
import io.relaymq.localinfra.junit.LocalStackExtension;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Finding 7 of issue #18: each topic filter of an APPLICATION shared subscription costs a Kafka topic and
 * a registry row in PostgreSQL, kept after its subscribers leave. At most {@code MQTT_MAX_SHARED_SUBSCRIPTIONS}
 * exist (here the rows other tests left plus 2); a SUBSCRIBE to a new filter beyond gets 0x97 quota
 * exceeded (3.1.1: 0x80), while filters that exist and plain subscriptions are granted.
 */
@ExtendWith(LocalStackExtension.class)
class SharedSubscriptionCapIT {

    private static BrokerProcess node;
    private static StackEndpoints endpoints;
    private final AuthClients clients = new AuthClients();
    private final PersistentSessions pahoClients = new PersistentSessions();

    @BeforeAll
    static void startNode(StackEndpoints stack) throws Exception {
        endpoints = stack;
        long existing = count("%");
        node = BrokerProcess.start(
                        "shared-cap",
                        stack,
                        Map.of(
                                "MQTT_AUTH_ALLOW_ANONYMOUS",
                                "true",
                                "MQTT_AUTH_ANONYMOUS_APPLICATION_CLIENT_IDS",
                                "app-.*",
                                "MQTT_APP_SHARED_SUBSCRIPTION_PARTITIONS",
                                "1",
                                "MQTT_MAX_SHARED_SUBSCRIPTIONS",
                                Long.toString(existing + 2)))
                .awaitReady();
    }

    @AfterAll
    static void stopNode() {
        BrokerProcess.closeAll(node);
    }

    @AfterEach
    void disconnect() {
        clients.closeAll();
        pahoClients.closeAll();
    }

    /** Registry rows whose topic filter is LIKE {@code pattern}; 0 before any node created the table. */
    private static long count(String pattern) throws SQLException {
        try {
            return query(pattern);
        } catch (SQLException e) {
            if ("42P01".equals(e.getSQLState())) {
                return 0;
            }
            throw e;
        }
    }

    private static long query(String pattern) throws SQLException {
        try (Connection db = DriverManager.getConnection(
                        endpoints.jdbcUrl(), endpoints.jdbcUser(), endpoints.jdbcPassword());
                PreparedStatement query = db.prepareStatement(
                        "SELECT count(*) FROM application_shared_subscription WHERE topic LIKE ?")) {
            query.setString(1, pattern);
            try (ResultSet row = query.executeQuery()) {
                row.next();
                return row.getLong(1);
            }
        }
    }

    private Mqtt5BlockingClient persistentV5(String clientId) {
        Mqtt5BlockingClient client = Mqtt5Client.builder()
                .identifier(clientId)
                .serverHost("127.0.0.1")
                .serverPort(node.mqttPort())
                .buildBlocking();
        client.connectWith().cleanStart(true).sessionExpiryInterval(300).send();
        return client;
    }

    @Test
    void aNewSharedFilterBeyondTheCapGetsQuotaExceeded() throws Exception {
        String run = PersistentSessions.id("scap");
        Mqtt5BlockingClient app = persistentV5("app-" + run);
        try {
            assertThat(AuthClients.subscribe(app, "$share/g/" + run + "/a"))
                    .isEqualTo(Mqtt5SubAckReasonCode.GRANTED_QOS_1);
            assertThat(AuthClients.subscribe(app, "$share/g/" + run + "/b"))
                    .isEqualTo(Mqtt5SubAckReasonCode.GRANTED_QOS_1);
            await().atMost(Duration.ofSeconds(30)).until(() -> count(run + "/%") == 2);

            assertThat(AuthClients.subscribe(app, "$share/g/" + run + "/c"))
                    .isEqualTo(Mqtt5SubAckReasonCode.QUOTA_EXCEEDED);
            assertThat(AuthClients.subscribe(app, "$share/other/" + run + "/a"))
                    .as("a registered filter, another group")
                    .isEqualTo(Mqtt5SubAckReasonCode.GRANTED_QOS_1);
            assertThat(AuthClients.subscribe(app, run + "/plain"))
                    .as("a plain subscription creates nothing")
                    .isEqualTo(Mqtt5SubAckReasonCode.GRANTED_QOS_1);

            MqttClient v311 = pahoClients.persistent(node, "app-311-" + run, new Received(), false);
            int granted;
            try {
                granted =
                        v311.subscribeWithResponse("$share/g/" + run + "/d", 1).getGrantedQos()[0];
            } catch (MqttException refused) {
                granted = refused.getReasonCode();
            }
            assertThat(granted).as("3.1.1: failure").isEqualTo(0x80);

            assertThat(count(run + "/%"))
                    .as("only the admitted filters are registered")
                    .isEqualTo(2);
        } finally {
            app.disconnect();
        }
    }
}
