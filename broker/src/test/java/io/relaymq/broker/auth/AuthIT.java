package io.relaymq.broker.auth;

import static io.relaymq.broker.auth.AuthClients.connect;
import static io.relaymq.broker.auth.AuthClients.connect311;
import static io.relaymq.broker.auth.AuthClients.publish;
import static io.relaymq.broker.auth.AuthClients.subscribe;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.hivemq.client.mqtt.mqtt5.Mqtt5BlockingClient;
import com.hivemq.client.mqtt.mqtt5.exceptions.Mqtt5ConnAckException;
import com.hivemq.client.mqtt.mqtt5.message.connect.connack.Mqtt5ConnAckReasonCode;
import com.hivemq.client.mqtt.mqtt5.message.publish.puback.Mqtt5PubAckReasonCode;
import com.hivemq.client.mqtt.mqtt5.message.subscribe.suback.Mqtt5SubAckReasonCode;
import io.micrometer.core.instrument.MeterRegistry;
import io.relaymq.broker.auth.blocked.BlockedClient;
import io.relaymq.broker.auth.blocked.BlockedClient.BlockedType;
import io.relaymq.broker.auth.blocked.BlockedClient.RegexMatchTarget;
import io.relaymq.broker.auth.blocked.BlockedClients;
import io.relaymq.broker.support.RelayMqNodeTest;
import io.relaymq.broker.transport.MqttServer;
import io.relaymq.common.client.ClientType;
import io.relaymq.dao.auth.UnauthorizedClientRepository;
import io.relaymq.dao.credentials.CredentialsType;
import io.relaymq.dao.credentials.MqttClientCredentials;
import io.relaymq.dao.jdbc.Jdbc;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.sql.DataSource;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Basic authentication, ACLs and blocked clients on a running node with real PostgreSQL and Kafka.
 * This node accepts anonymous clients (the other tests connect without credentials), so the tests here
 * use clients that present credentials.
 */
@RelayMqNodeTest
class AuthIT {

    @Autowired
    MqttServer server;

    @Autowired
    CredentialsService credentials;

    @Autowired
    BlockedClients blocked;

    @Autowired
    UnauthorizedClientLog unauthorizedLog;

    @Autowired
    UnauthorizedClientRepository unauthorized;

    @Autowired
    MeterRegistry meters;

    @Autowired
    DataSource dataSource;

    private final AuthClients clients = new AuthClients();

    @AfterEach
    void close() {
        clients.closeAll();
    }

    private int port() {
        return server.boundPorts().get("tcp");
    }

    private static String unique(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    private MqttClientCredentials basicUser(String user, String password, String pub, String sub) {
        String value = "{\"userName\":\"" + user + "\"" + (password == null ? "" : ",\"password\":\"" + password + "\"")
                + ",\"authRules\":{\"pubAuthRulePatterns\":[" + pub + "],\"subAuthRulePatterns\":[" + sub + "]}}";
        return credentials.save(null, user, ClientType.DEVICE, CredentialsType.MQTT_BASIC, value);
    }

    @Test
    void aBasicClientConnectsWithItsPasswordAndIsRefusedWithAWrongOne() throws Exception {
        String user = unique("alice");
        basicUser(user, "s3cret", "\".*\"", "\".*\"");

        assertThat(connect(clients.v5(unique("c"), port(), null), user, "s3cret"))
                .isEqualTo(Mqtt5ConnAckReasonCode.SUCCESS);
        assertThat(connect(clients.v5(unique("c"), port(), null), user, "wrong"))
                .isEqualTo(Mqtt5ConnAckReasonCode.BAD_USER_NAME_OR_PASSWORD);
        assertThat(connect(clients.v5(unique("c"), port(), null), user, null))
                .isEqualTo(Mqtt5ConnAckReasonCode.BAD_USER_NAME_OR_PASSWORD);
        // 3.1.1: return code 4, bad user name or password
        assertThat(connect311(port(), unique("c"), user, "wrong")).isEqualTo(4);
        assertThat(connect311(port(), unique("c"), user, "s3cret")).isZero();
    }

    /** The README's recipe: credentials written with SQL, the password hashed by pgcrypto's bcrypt. */
    @Test
    void credentialsInsertedWithSqlAndPgcryptoBcryptAuthenticate() throws Exception {
        String user = unique("sql");
        Jdbc jdbc = new Jdbc(dataSource);
        jdbc.update("CREATE EXTENSION IF NOT EXISTS pgcrypto");
        jdbc.update(
                "INSERT INTO mqtt_client_credentials (id, created_time, name, client_type, credentials_type,"
                        + " credentials_id, credentials_value) VALUES (gen_random_uuid(), 0, ?, 'DEVICE', 'MQTT_BASIC', 'username|' || ?,"
                        + " json_build_object('userName', ?::text, 'password', crypt('from-sql', gen_salt('bf')),"
                        + " 'authRules', json_build_object('pubAuthRulePatterns', json_build_array('sql/.*'),"
                        + " 'subAuthRulePatterns', json_build_array()))::text)",
                user,
                user,
                user);
        Mqtt5BlockingClient client = clients.v5(unique("c"), port(), null);
        assertThat(connect(client, user, "from-sql")).isEqualTo(Mqtt5ConnAckReasonCode.SUCCESS);
        assertThat(publish(client, "sql/1")).isEqualTo(Mqtt5PubAckReasonCode.SUCCESS);
        assertThat(publish(client, "other/1")).isEqualTo(Mqtt5PubAckReasonCode.NOT_AUTHORIZED);
        assertThat(connect311(port(), unique("c"), user, "wrong")).isEqualTo(4);
    }

    @Test
    void credentialsWithoutPasswordAcceptAnyPassword() throws Exception {
        String clientId = unique("gateway");
        credentials.save(
                null,
                clientId,
                ClientType.APPLICATION,
                CredentialsType.MQTT_BASIC,
                "{\"clientId\":\"" + clientId + "\"}");
        assertThat(connect311(port(), clientId, "whoever", "anything")).isZero();
        assertThat(connect311(port(), clientId, null, null)).isZero();
    }

    @Test
    void refusedAttemptsAreRecordedWithReasonAddressAndUsername() throws Exception {
        String user = unique("mallory");
        basicUser(user, "right", "\".*\"", "\".*\"");
        String clientId = unique("intruder");
        assertThat(connect311(port(), clientId, user, "guess")).isEqualTo(4);
        unauthorizedLog.flush();
        assertThat(unauthorized.find(clientId)).get().satisfies(entry -> {
            assertThat(entry.username()).isEqualTo(user);
            assertThat(entry.ipAddress()).isEqualTo("127.0.0.1");
            assertThat(entry.passwordProvided()).isTrue();
            assertThat(entry.tlsUsed()).isFalse();
            assertThat(entry.reason()).contains("wrong password");
        });
    }

    @Test
    void aReconnectStormOfOneClientRunsBcryptOnce() throws Exception {
        String user = unique("storm");
        basicUser(user, "storm-password", "\".*\"", "\".*\"");
        double before = meters.get("relaymq.auth.password.hashes").counter().count();
        ExecutorService pool = Executors.newFixedThreadPool(16);
        try {
            List<Future<Integer>> results = new ArrayList<>();
            for (int i = 0; i < 1000; i++) {
                String clientId = user + "-" + i;
                results.add(pool.submit(() -> connect311(port(), clientId, user, "storm-password")));
            }
            for (Future<Integer> result : results) {
                assertThat(result.get()).isZero();
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(meters.get("relaymq.auth.password.hashes").counter().count() - before)
                .isEqualTo(1.0);
    }

    @Test
    void mqtt5PublishAndSubscribeOutsideTheRulesAreNotAuthorized() {
        String user = unique("acl5");
        basicUser(user, "pw", "\"sensors/[^/]+/up\"", "\"commands/.*\"");
        Mqtt5BlockingClient client = clients.v5(unique("c"), port(), null);
        assertThat(connect(client, user, "pw")).isEqualTo(Mqtt5ConnAckReasonCode.SUCCESS);

        assertThat(publish(client, "sensors/1/up")).isEqualTo(Mqtt5PubAckReasonCode.SUCCESS);
        assertThat(publish(client, "sensors/1/down")).isEqualTo(Mqtt5PubAckReasonCode.NOT_AUTHORIZED);
        assertThat(subscribe(client, "commands/#")).isEqualTo(Mqtt5SubAckReasonCode.GRANTED_QOS_1);
        assertThat(subscribe(client, "sensors/#")).isEqualTo(Mqtt5SubAckReasonCode.NOT_AUTHORIZED);
        assertThat(subscribe(client, "$share/g/sensors/#")).isEqualTo(Mqtt5SubAckReasonCode.NOT_AUTHORIZED);
        // the connection stays usable after a denial
        assertThat(publish(client, "sensors/2/up")).isEqualTo(Mqtt5PubAckReasonCode.SUCCESS);
    }

    @Test
    void mqtt311DeniedSubscribeGetsFailureAndDeniedPublishDisconnects() throws Exception {
        String user = unique("acl3");
        basicUser(user, "pw", "\"allowed/.*\"", "\"allowed/.*\"");
        MqttClient client = new MqttClient("tcp://127.0.0.1:" + port(), unique("c"), new MemoryPersistence());
        try {
            MqttConnectOptions options = new MqttConnectOptions();
            options.setUserName(user);
            options.setPassword("pw".toCharArray());
            client.setTimeToWait(5000);
            client.connect(options);
            assertThat(granted(client, "allowed/x")).isEqualTo(1);
            assertThat(granted(client, "secret/x")).isEqualTo(0x80);

            client.publish("allowed/x", "ok".getBytes(), 1, false);
            try {
                client.publish("secret/x", "no".getBytes(), 1, false);
            } catch (MqttException expected) {
                // the broker closed the connection instead of acknowledging
            }
            await().atMost(Duration.ofSeconds(10)).until(() -> !client.isConnected());
        } finally {
            client.close(true);
        }
    }

    private static int granted(MqttClient client, String filter) {
        try {
            return client.subscribeWithResponse(filter, 1).getGrantedQos()[0];
        } catch (MqttException e) {
            return e.getReasonCode();
        }
    }

    @Test
    void aWillTopicOutsideTheRulesRefusesTheConnect() {
        String user = unique("will");
        basicUser(user, "pw", "\"mine/.*\"", "\".*\"");
        Mqtt5BlockingClient client = clients.v5(unique("c"), port(), null);
        try {
            client.connectWith()
                    .simpleAuth()
                    .username(user)
                    .password("pw".getBytes())
                    .applySimpleAuth()
                    .willPublish()
                    .topic("others/will")
                    .payload("x".getBytes())
                    .applyWillPublish()
                    .send();
            throw new AssertionError("connect with a forbidden will topic was accepted");
        } catch (Mqtt5ConnAckException e) {
            assertThat(e.getMqttMessage().getReasonCode()).isEqualTo(Mqtt5ConnAckReasonCode.NOT_AUTHORIZED);
        }
    }

    @Test
    void changedRulesApplyToAConnectedClientWithoutReconnect() {
        String user = unique("hot");
        MqttClientCredentials created = basicUser(user, "pw", "\"early/.*\"", "\"early/.*\"");
        Mqtt5BlockingClient client = clients.v5(unique("c"), port(), null);
        assertThat(connect(client, user, "pw")).isEqualTo(Mqtt5ConnAckReasonCode.SUCCESS);
        assertThat(publish(client, "late/1")).isEqualTo(Mqtt5PubAckReasonCode.NOT_AUTHORIZED);

        credentials.save(
                created.id(),
                user,
                ClientType.DEVICE,
                CredentialsType.MQTT_BASIC,
                "{\"userName\":\"" + user
                        + "\",\"password\":\"pw\",\"authRules\":{\"pubAuthRulePatterns\":[\"late/.*\"],\"subAuthRulePatterns\":[\"late/.*\"]}}");

        await().atMost(Duration.ofSeconds(20)).until(() -> publish(client, "late/1") == Mqtt5PubAckReasonCode.SUCCESS);
        assertThat(publish(client, "early/1")).isEqualTo(Mqtt5PubAckReasonCode.NOT_AUTHORIZED);
        assertThat(subscribe(client, "late/#")).isEqualTo(Mqtt5SubAckReasonCode.GRANTED_QOS_1);
        assertThat(client.getState().isConnected()).isTrue();
        // the password was kept (the update repeated the plain password, which is hashed again)
        assertThat(connect(clients.v5(unique("c"), port(), null), user, "pw"))
                .isEqualTo(Mqtt5ConnAckReasonCode.SUCCESS);
    }

    @Test
    void blockedClientsAreRefusedUntilUnblockedAndExpiredBlocksDoNotCount() throws Exception {
        String clientId = unique("blocked");
        String user = unique("blocked-user");
        BlockedClient byId = new BlockedClient(BlockedType.CLIENT_ID, clientId, 0, "test", null);
        blocked.block(new BlockedClient(BlockedType.USERNAME, user, System.currentTimeMillis() - 1, "expired", null));
        blocked.block(byId);

        await().atMost(Duration.ofSeconds(20)).until(() -> connect311(port(), clientId, null, null) == 5);
        assertThat(connect(clients.v5(clientId, port(), null), null, null)).isEqualTo(Mqtt5ConnAckReasonCode.BANNED);
        // the expired block was applied before the later one, and does not refuse
        assertThat(connect311(port(), unique("free"), user, null)).isZero();

        blocked.unblock(byId.key());
        await().atMost(Duration.ofSeconds(20)).until(() -> connect311(port(), clientId, null, null) == 0);
    }

    @Test
    void regexBlocksMatchTheirTarget() throws Exception {
        String prefix = unique("rogue");
        BlockedClient regex =
                new BlockedClient(BlockedType.REGEX, prefix + "-[0-9]+", 0, null, RegexMatchTarget.BY_USERNAME);
        blocked.block(regex);
        try {
            await().atMost(Duration.ofSeconds(20))
                    .until(() -> connect311(port(), unique("c"), prefix + "-42", null) == 5);
            assertThat(connect311(port(), unique("c"), prefix + "-x", null)).isZero();
            assertThat(connect311(port(), prefix + "-42", null, null)).isZero();
        } finally {
            blocked.unblock(regex.key());
        }
    }
}
