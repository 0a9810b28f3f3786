package io.relaymq.broker.security;

import static io.relaymq.broker.auth.AuthClients.connect311;
import static io.relaymq.broker.auth.AuthClients.publish;
import static io.relaymq.broker.auth.AuthClients.subscribe;
import static io.relaymq.broker.security.PrincipalClients.connectPersistent;
import static io.relaymq.broker.security.PrincipalClients.payload;
import static io.relaymq.broker.security.PrincipalClients.publishes;
import static io.relaymq.broker.security.PrincipalClients.unique;
import static io.relaymq.broker.security.PrincipalClients.user;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.hivemq.client.mqtt.mqtt5.Mqtt5BlockingClient;
import com.hivemq.client.mqtt.mqtt5.message.connect.connack.Mqtt5ConnAck;
import com.hivemq.client.mqtt.mqtt5.message.connect.connack.Mqtt5ConnAckReasonCode;
import com.hivemq.client.mqtt.mqtt5.message.publish.puback.Mqtt5PubAckReasonCode;
import com.hivemq.client.mqtt.mqtt5.message.subscribe.suback.Mqtt5SubAckReasonCode;
import io.relaymq.broker.auth.AuthClients;
import io.relaymq.broker.auth.CredentialsService;
import io.relaymq.broker.persistence.application.AppTopicNames;
import io.relaymq.broker.support.RelayMqNodeTest;
import io.relaymq.broker.transport.MqttServer;
import io.relaymq.common.client.ClientType;
import java.time.Duration;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Finding 3 of issue #18: a persistent session belongs to the principal that created it. Another user
 * reusing its client id is refused (5.0 CONNACK 0x87, 3.1.1 return code 5) and gets none of its stored
 * messages; a DEVICE cannot take an APPLICATION's client id and so cannot delete its topic. (Takeover
 * with MQTT_SESSION_TAKEOVER_BY_OTHER_PRINCIPAL=true is shown in {@link SessionTakeoverSettingTest}: the
 * shared test node runs with the default.)
 */
@RelayMqNodeTest
class SessionHijackIT {

    @Autowired
    MqttServer server;

    @Autowired
    CredentialsService credentials;

    @Autowired
    Admin admin;

    private final AuthClients clients = new AuthClients();

    @AfterEach
    void close() {
        clients.closeAll();
    }

    private int port() {
        return server.boundPorts().get("tcp");
    }

    @Test
    void anotherUserReusingTheClientIdIsRefusedAndGetsNoStoredMessage() throws Exception {
        String owner = unique("owner");
        String thief = unique("thief");
        user(credentials, null, owner, ClientType.DEVICE, "\".*\"", "\".*\"");
        user(credentials, null, thief, ClientType.DEVICE, "\".*\"", "\".*\"");
        String clientId = unique("victim");
        String topic = "hijack/" + clientId;

        Mqtt5BlockingClient first = clients.v5(clientId, port(), null);
        assertThat(connectPersistent(first, owner).getReasonCode()).isEqualTo(Mqtt5ConnAckReasonCode.SUCCESS);
        assertThat(subscribe(first, topic)).isEqualTo(Mqtt5SubAckReasonCode.GRANTED_QOS_1);
        first.disconnect();
        Mqtt5BlockingClient publisher = clients.v5(unique("pub"), port(), null);
        publisher.connect();
        assertThat(publish(publisher, topic)).isEqualTo(Mqtt5PubAckReasonCode.SUCCESS);

        Mqtt5BlockingClient stolen = clients.v5(clientId, port(), null);
        try (Mqtt5BlockingClient.Mqtt5Publishes received = publishes(stolen)) {
            Mqtt5ConnAck refused = connectPersistent(stolen, thief);
            assertThat(refused.getReasonCode()).isEqualTo(Mqtt5ConnAckReasonCode.NOT_AUTHORIZED);
            assertThat(refused.isSessionPresent()).isFalse();
            assertThat(received.receiveNow()).isEmpty();
        }
        // 3.1.1 (a clean session, which would end the owner's session): return code 5, not authorized
        assertThat(connect311(port(), clientId, thief, PrincipalClients.PASSWORD))
                .isEqualTo(5);
        // an anonymous client is another principal too
        assertThat(connect311(port(), clientId, null, null)).isEqualTo(5);

        Mqtt5BlockingClient back = clients.v5(clientId, port(), null);
        try (Mqtt5BlockingClient.Mqtt5Publishes received = publishes(back)) {
            Mqtt5ConnAck resumed = connectPersistent(back, owner);
            assertThat(resumed.getReasonCode()).isEqualTo(Mqtt5ConnAckReasonCode.SUCCESS);
            assertThat(resumed.isSessionPresent()).isTrue();
            assertThat(payload(received, 20))
                    .as("the stored message waits for its owner")
                    .isEqualTo("x");
        }
    }

    @Test
    void anotherUserCannotTakeOverAConnectedSession() throws Exception {
        String owner = unique("owner");
        String thief = unique("thief");
        user(credentials, null, owner, ClientType.DEVICE, "\".*\"", "\".*\"");
        user(credentials, null, thief, ClientType.DEVICE, "\".*\"", "\".*\"");
        String clientId = unique("connected");

        Mqtt5BlockingClient first = clients.v5(clientId, port(), null);
        assertThat(connectPersistent(first, owner).getReasonCode()).isEqualTo(Mqtt5ConnAckReasonCode.SUCCESS);
        assertThat(connectPersistent(clients.v5(clientId, port(), null), thief).getReasonCode())
                .isEqualTo(Mqtt5ConnAckReasonCode.NOT_AUTHORIZED);
        assertThat(first.getState().isConnected())
                .as("the owner's connection stays")
                .isTrue();
        assertThat(publish(first, "hijack/" + clientId)).isEqualTo(Mqtt5PubAckReasonCode.SUCCESS);
    }

    @Test
    void aDeviceCannotTakeAnApplicationsClientIdNorDeleteItsTopic() throws Exception {
        String application = unique("app-user");
        String device = unique("dev-user");
        user(credentials, null, application, ClientType.APPLICATION, "\".*\"", "\".*\"");
        user(credentials, null, device, ClientType.DEVICE, "\".*\"", "\".*\"");
        String clientId = unique("app-owned");
        String topic = "hijack/" + clientId;
        String kafkaTopic = AppTopicNames.forClient(clientId);

        Mqtt5BlockingClient app = clients.v5(clientId, port(), null);
        assertThat(connectPersistent(app, application).getReasonCode()).isEqualTo(Mqtt5ConnAckReasonCode.SUCCESS);
        assertThat(subscribe(app, topic)).isEqualTo(Mqtt5SubAckReasonCode.GRANTED_QOS_1);
        app.disconnect();
        await().atMost(Duration.ofSeconds(30))
                .until(() -> admin.listTopics().names().get().contains(kafkaTopic));

        assertThat(connectPersistent(clients.v5(clientId, port(), null), device).getReasonCode())
                .isEqualTo(Mqtt5ConnAckReasonCode.NOT_AUTHORIZED);
        assertThat(connect311(port(), clientId, device, PrincipalClients.PASSWORD))
                .isEqualTo(5);
        assertThat(admin.listTopics().names().get()).contains(kafkaTopic);

        Mqtt5BlockingClient back = clients.v5(clientId, port(), null);
        Mqtt5ConnAck resumed = connectPersistent(back, application);
        assertThat(resumed.getReasonCode()).isEqualTo(Mqtt5ConnAckReasonCode.SUCCESS);
        assertThat(resumed.isSessionPresent()).isTrue();
        assertThat(admin.listTopics().names().get()).contains(kafkaTopic);
    }
}
