package io.relaymq.broker.auth;

import static io.relaymq.broker.auth.AuthClients.connect;
import static io.relaymq.broker.auth.AuthClients.connect311;
import static io.relaymq.broker.auth.AuthClients.publish;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.hivemq.client.mqtt.mqtt5.Mqtt5BlockingClient;
import com.hivemq.client.mqtt.mqtt5.message.connect.connack.Mqtt5ConnAckReasonCode;
import com.hivemq.client.mqtt.mqtt5.message.publish.puback.Mqtt5PubAckReasonCode;
import io.relaymq.broker.auth.blocked.BlockedClient;
import io.relaymq.broker.auth.blocked.BlockedClient.BlockedType;
import io.relaymq.broker.auth.blocked.BlockedClients;
import io.relaymq.broker.support.BrokerProcess;
import io.relaymq.broker.support.RelayMqNodeTest;
import io.relaymq.common.client.ClientType;
import io.relaymq.dao.auth.AuthProviderType;
import io.relaymq.dao.credentials.CredentialsType;
import io.relaymq.dao.credentials.MqttClientCredentials;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Changes made on one node (this test's) take effect on another node without restart: a second node,
 * in its own JVM and with anonymous access off, follows credentials, rules, provider switches and blocks.
 */
@RelayMqNodeTest
class AuthClusterIT {

    private static final Duration PROPAGATION = Duration.ofSeconds(30);
    private static BrokerProcess other;

    @Autowired
    CredentialsService credentials;

    @Autowired
    AuthProviderService providers;

    @Autowired
    BlockedClients blocked;

    private final AuthClients clients = new AuthClients();

    @BeforeAll
    static void startSecondNode(StackEndpoints stack) throws Exception {
        other = BrokerProcess.start("auth-b", stack, Map.of("MQTT_AUTH_ALLOW_ANONYMOUS", "false"))
                .awaitReady();
    }

    @AfterAll
    static void stopSecondNode() {
        other.close();
    }

    @AfterEach
    void close() {
        clients.closeAll();
    }

    private static String unique(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    private MqttClientCredentials user(String user, String pubPattern) {
        return credentials.save(
                null,
                user,
                ClientType.DEVICE,
                CredentialsType.MQTT_BASIC,
                "{\"userName\":\"" + user + "\",\"password\":\"pw\",\"authRules\":{\"pubAuthRulePatterns\":[\""
                        + pubPattern + "\"]}}");
    }

    @Test
    void withoutAnonymousAccessUnknownClientsAreRefused() throws Exception {
        assertThat(connect311(other.mqttPort(), unique("anon"), null, null)).isEqualTo(5);
        assertThat(connect(clients.v5(unique("anon"), other.mqttPort(), null), null, null))
                .isEqualTo(Mqtt5ConnAckReasonCode.NOT_AUTHORIZED);
    }

    @Test
    void credentialsCreatedChangedAndDeletedHereApplyOnTheOtherNode() {
        String name = unique("remote");
        MqttClientCredentials created = user(name, "a/.*");
        Mqtt5BlockingClient client = clients.v5(unique("c"), other.mqttPort(), null);
        await().atMost(PROPAGATION).until(() -> connect(client, name, "pw") == Mqtt5ConnAckReasonCode.SUCCESS);
        assertThat(publish(client, "b/1")).isEqualTo(Mqtt5PubAckReasonCode.NOT_AUTHORIZED);

        credentials.save(
                created.id(),
                name,
                ClientType.DEVICE,
                CredentialsType.MQTT_BASIC,
                "{\"userName\":\"" + name
                        + "\",\"password\":\"pw\",\"authRules\":{\"pubAuthRulePatterns\":[\"b/.*\"]}}");
        await().atMost(PROPAGATION).until(() -> publish(client, "b/1") == Mqtt5PubAckReasonCode.SUCCESS);

        credentials.delete(created.id());
        await().atMost(PROPAGATION).until(() -> !client.getState().isConnected());
        assertThat(connect(clients.v5(unique("c"), other.mqttPort(), null), name, "pw"))
                .isEqualTo(Mqtt5ConnAckReasonCode.NOT_AUTHORIZED);
    }

    @Test
    void aProviderSwitchedOffHereRefusesItsClientsThere() throws Exception {
        String name = unique("switch");
        user(name, ".*");
        await().atMost(PROPAGATION).until(() -> connect311(other.mqttPort(), unique("c"), name, "pw") == 0);
        providers.setEnabled(AuthProviderType.MQTT_BASIC, false);
        try {
            await().atMost(PROPAGATION).until(() -> connect311(other.mqttPort(), unique("c"), name, "pw") == 5);
        } finally {
            providers.setEnabled(AuthProviderType.MQTT_BASIC, true);
        }
        await().atMost(PROPAGATION).until(() -> connect311(other.mqttPort(), unique("c"), name, "pw") == 0);
    }

    @Test
    void aBlockMadeHereRefusesTheClientThere() throws Exception {
        String name = unique("blocked");
        user(name, ".*");
        await().atMost(PROPAGATION).until(() -> connect311(other.mqttPort(), unique("c"), name, "pw") == 0);
        BlockedClient block = new BlockedClient(BlockedType.USERNAME, name, 0, "cluster test", null);
        blocked.block(block);
        try {
            await().atMost(PROPAGATION).until(() -> connect311(other.mqttPort(), unique("c"), name, "pw") == 5);
        } finally {
            blocked.unblock(block.key());
        }
    }
}
