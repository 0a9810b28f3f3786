package io.relaymq.broker.security;

import static io.relaymq.broker.auth.AuthClients.connect;
import static io.relaymq.broker.auth.AuthClients.publish;
import static io.relaymq.broker.auth.AuthClients.subscribe;
import static io.relaymq.broker.security.PrincipalClients.PASSWORD;
import static io.relaymq.broker.security.PrincipalClients.connectPersistent;
import static io.relaymq.broker.security.PrincipalClients.filters;
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
import io.relaymq.broker.session.SessionRegistry;
import io.relaymq.broker.support.RelayMqNodeTest;
import io.relaymq.broker.transport.MqttServer;
import io.relaymq.common.client.ClientType;
import io.relaymq.dao.credentials.MqttClientCredentials;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Finding 3 of issue #18: subscriptions follow the rules in force. When a client's subscribe rules
 * narrow, its existing subscriptions outside them end at once (connected) or when the session is
 * resumed (a persistent session restores only what its principal may still subscribe to).
 */
@RelayMqNodeTest
class NarrowedRulesIT {

    @Autowired
    MqttServer server;

    @Autowired
    CredentialsService credentials;

    @Autowired
    SessionRegistry registry;

    private final AuthClients clients = new AuthClients();

    @AfterEach
    void close() {
        clients.closeAll();
    }

    private int port() {
        return server.boundPorts().get("tcp");
    }

    @Test
    void aConnectedClientsSubscriptionStopsReceivingWhenItsRulesNarrow() throws Exception {
        String name = unique("narrow");
        String base = "narrow/" + name;
        MqttClientCredentials created =
                user(credentials, null, name, ClientType.DEVICE, "\".*\"", "\"" + base + "/.*\"");
        String clientId = unique("narrowed");
        Mqtt5BlockingClient subscriber = clients.v5(clientId, port(), null);
        Mqtt5BlockingClient publisher = clients.v5(unique("pub"), port(), null);
        publisher.connect();
        try (Mqtt5BlockingClient.Mqtt5Publishes received = publishes(subscriber)) {
            assertThat(connect(subscriber, name, PASSWORD)).isEqualTo(Mqtt5ConnAckReasonCode.SUCCESS);
            assertThat(subscribe(subscriber, base + "/a/#")).isEqualTo(Mqtt5SubAckReasonCode.GRANTED_QOS_1);
            assertThat(subscribe(subscriber, base + "/b/#")).isEqualTo(Mqtt5SubAckReasonCode.GRANTED_QOS_1);
            assertThat(publish(publisher, base + "/a/1")).isEqualTo(Mqtt5PubAckReasonCode.SUCCESS);
            assertThat(payload(received, 20)).isEqualTo("x");

            user(credentials, created.id(), name, ClientType.DEVICE, "\".*\"", "\"" + base + "/b/.*\"");

            await().atMost(Duration.ofSeconds(20))
                    .until(() -> filters(registry, clientId).equals(List.of(base + "/b/#")));
            assertThat(publish(publisher, base + "/a/2")).isEqualTo(Mqtt5PubAckReasonCode.SUCCESS);
            assertThat(publish(publisher, base + "/b/2")).isEqualTo(Mqtt5PubAckReasonCode.SUCCESS);
            var next = received.receive(20, TimeUnit.SECONDS);
            assertThat(next).isPresent();
            assertThat(next.get().getTopic().toString())
                    .as("only the still allowed subscription delivers")
                    .isEqualTo(base + "/b/2");
            assertThat(received.receive(2, TimeUnit.SECONDS)).isEmpty();
            assertThat(subscriber.getState().isConnected()).isTrue();
        }
    }

    @Test
    void aResumedSessionKeepsOnlyTheSubscriptionsItsRulesAllowNow() throws Exception {
        String name = unique("resume");
        String base = "resume/" + name;
        MqttClientCredentials created =
                user(credentials, null, name, ClientType.DEVICE, "\".*\"", "\"" + base + "/.*\"");
        String clientId = unique("resumed");
        Mqtt5BlockingClient first = clients.v5(clientId, port(), null);
        assertThat(connectPersistent(first, name).getReasonCode()).isEqualTo(Mqtt5ConnAckReasonCode.SUCCESS);
        assertThat(subscribe(first, base + "/a/#")).isEqualTo(Mqtt5SubAckReasonCode.GRANTED_QOS_1);
        assertThat(subscribe(first, base + "/b/#")).isEqualTo(Mqtt5SubAckReasonCode.GRANTED_QOS_1);
        first.disconnect();

        user(credentials, created.id(), name, ClientType.DEVICE, "\".*\"", "\"" + base + "/b/.*\"");

        Mqtt5BlockingClient back = clients.v5(clientId, port(), null);
        Mqtt5ConnAck resumed = connectPersistent(back, name);
        assertThat(resumed.getReasonCode()).isEqualTo(Mqtt5ConnAckReasonCode.SUCCESS);
        assertThat(resumed.isSessionPresent()).isTrue();
        assertThat(filters(registry, clientId)).containsExactly(base + "/b/#");
    }
}
