package io.relaymq.broker.security;

import com.hivemq.client.mqtt.MqttGlobalPublishFilter;
import com.hivemq.client.mqtt.mqtt5.Mqtt5BlockingClient;
import com.hivemq.client.mqtt.mqtt5.exceptions.Mqtt5ConnAckException;
import com.hivemq.client.mqtt.mqtt5.message.connect.connack.Mqtt5ConnAck;
import io.relaymq.broker.auth.CredentialsService;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.SessionRegistry;
import io.relaymq.common.client.ClientType;
import io.relaymq.dao.credentials.CredentialsType;
import io.relaymq.dao.credentials.MqttClientCredentials;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Credentials, persistent 5.0 connects and a look at a session's subscriptions, for the session-ownership tests. */
final class PrincipalClients {

    static final String PASSWORD = "pw-123456";

    private PrincipalClients() {}

    static String unique(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    /**
     * Basic credentials for user name {@code user} with the given JSON lists of publish and subscribe
     * patterns. Without a password (any is accepted): the node under test runs with a 3 s CONNECT
     * timeout, and a first bcrypt check on a loaded machine can take most of it.
     */
    static MqttClientCredentials user(
            CredentialsService credentials, UUID id, String user, ClientType type, String pub, String sub) {
        String value = "{\"userName\":\"" + user + "\"" + ",\"authRules\":{\"pubAuthRulePatterns\":[" + pub
                + "],\"subAuthRulePatterns\":[" + sub + "]}}";
        return credentials.save(id, user, type, CredentialsType.MQTT_BASIC, value);
    }

    /** Clean Start 0 with a 300 s session expiry; the CONNACK, or the refusing one. */
    static Mqtt5ConnAck connectPersistent(Mqtt5BlockingClient client, String user) {
        try {
            return client.connectWith()
                    .cleanStart(false)
                    .sessionExpiryInterval(300)
                    .simpleAuth()
                    .username(user)
                    .password(PASSWORD.getBytes(StandardCharsets.UTF_8))
                    .applySimpleAuth()
                    .send();
        } catch (Mqtt5ConnAckException e) {
            return e.getMqttMessage();
        }
    }

    /** Starts collecting what {@code client} receives; call before connecting. */
    static Mqtt5BlockingClient.Mqtt5Publishes publishes(Mqtt5BlockingClient client) {
        return client.publishes(MqttGlobalPublishFilter.ALL);
    }

    static String payload(Mqtt5BlockingClient.Mqtt5Publishes publishes, int seconds) throws InterruptedException {
        return publishes
                .receive(seconds, TimeUnit.SECONDS)
                .map(p -> new String(p.getPayloadAsBytes(), StandardCharsets.UTF_8))
                .orElse(null);
    }

    /** The filters of {@code clientId}'s session on this node, read on the session's thread (empty: no session). */
    static List<String> filters(SessionRegistry registry, String clientId) throws Exception {
        ClientSession session = registry.get(clientId);
        if (session == null) {
            return List.of();
        }
        CompletableFuture<List<String>> filters = new CompletableFuture<>();
        session.execute(() -> filters.complete(session.subscriptions().stream()
                .map(s -> s.filter().text())
                .sorted()
                .toList()));
        return filters.get(10, TimeUnit.SECONDS);
    }
}
