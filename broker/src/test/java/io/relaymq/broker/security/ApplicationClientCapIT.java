package io.relaymq.broker.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.hivemq.client.mqtt.mqtt5.Mqtt5BlockingClient;
import com.hivemq.client.mqtt.mqtt5.message.connect.connack.Mqtt5ConnAckReasonCode;
import io.relaymq.broker.auth.AuthClients;
import io.relaymq.broker.support.BrokerProcess;
import io.relaymq.broker.support.PersistentSessions;
import io.relaymq.localinfra.junit.LocalStackExtension;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Finding 7 of issue #18: a node holds at most {@code MQTT_MAX_APPLICATION_CLIENTS} APPLICATION clients
 * (here 2); the next new one gets CONNACK 0x97 quota exceeded (3.1.1: 0x03 server unavailable), while
 * DEVICE clients and a reconnecting APPLICATION client still get in. Clients named {@code app-…} are
 * APPLICATION clients here.
 */
@ExtendWith(LocalStackExtension.class)
class ApplicationClientCapIT {

    private static BrokerProcess node;
    private final AuthClients clients = new AuthClients();

    @BeforeAll
    static void startNode(StackEndpoints stack) throws Exception {
        node = BrokerProcess.start(
                        "app-cap",
                        stack,
                        Map.of(
                                "MQTT_AUTH_ALLOW_ANONYMOUS",
                                "true",
                                "MQTT_AUTH_ANONYMOUS_APPLICATION_CLIENT_IDS",
                                "app-.*",
                                "MQTT_MAX_APPLICATION_CLIENTS",
                                "2"))
                .awaitReady();
    }

    @AfterAll
    static void stopNode() {
        BrokerProcess.closeAll(node);
    }

    @AfterEach
    void disconnect() {
        clients.closeAll();
    }

    private Mqtt5ConnAckReasonCode connect(String clientId) {
        Mqtt5BlockingClient client = clients.v5(clientId, node.mqttPort(), null);
        return AuthClients.connect(client, null, null);
    }

    @Test
    void theNextNewApplicationClientIsRefusedWithQuotaExceeded() throws Exception {
        String run = PersistentSessions.id("cap");
        assertThat(connect("app-1-" + run)).isEqualTo(Mqtt5ConnAckReasonCode.SUCCESS);
        Mqtt5BlockingClient second = clients.v5("app-2-" + run, node.mqttPort(), null);
        assertThat(AuthClients.connect(second, null, null)).isEqualTo(Mqtt5ConnAckReasonCode.SUCCESS);

        assertThat(connect("app-3-" + run)).isEqualTo(Mqtt5ConnAckReasonCode.QUOTA_EXCEEDED);
        assertThat(AuthClients.connect311(node.mqttPort(), "app-4-" + run, null, null))
                .as("3.1.1: server unavailable")
                .isEqualTo(3);
        assertThat(connect("device-" + run))
                .as("DEVICE clients are not counted")
                .isEqualTo(Mqtt5ConnAckReasonCode.SUCCESS);
        assertThat(connect("app-1-" + run))
                .as("a client the node holds takes its session over")
                .isEqualTo(Mqtt5ConnAckReasonCode.SUCCESS);

        second.disconnect();
        // the clean session ends with its connection, which frees its place
        await().atMost(Duration.ofSeconds(30)).until(() -> connect("app-5-" + run) == Mqtt5ConnAckReasonCode.SUCCESS);
    }
}
