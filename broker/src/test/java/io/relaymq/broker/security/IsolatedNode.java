package io.relaymq.broker.security;

import static org.awaitility.Awaitility.await;

import io.relaymq.broker.support.BrokerProcess;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/**
 * A broker node in a cluster of its own on the shared test stack: its message, persistence, retained,
 * subscription and session topics (and consumer groups) have names no other node uses, so quotas that
 * count cluster state (retained messages) or are enforced by whichever node consumes a topic (the Redis
 * store of persistent sessions) hold exactly as this node is configured, whatever else runs in the JVM.
 */
final class IsolatedNode {

    private IsolatedNode() {}

    static BrokerProcess start(String name, StackEndpoints stack, Map<String, String> settings) throws IOException {
        String ns = "it." + name + "." + UUID.randomUUID().toString().substring(0, 8) + ".";
        Map<String, String> env = new HashMap<>();
        env.put("MQTT_AUTH_ALLOW_ANONYMOUS", "true");
        env.put("RELAYMQ_KAFKA_MSG_ALL_TOPIC", ns + "msg.all");
        env.put("RELAYMQ_KAFKA_MSG_ALL_CONSUMER_GROUP", ns + "msg-all");
        env.put("RELAYMQ_KAFKA_RETAINED_TOPIC", ns + "retained");
        env.put("RELAYMQ_KAFKA_SUBSCRIPTIONS_TOPIC", ns + "subscriptions");
        env.put("RELAYMQ_KAFKA_SESSIONS_TOPIC", ns + "sessions");
        env.put("RELAYMQ_KAFKA_SESSION_EVENT_REQUEST_TOPIC", ns + "session.event.request");
        env.put("RELAYMQ_KAFKA_MSG_PERSISTED_TOPIC", ns + "msg.persisted");
        env.put("RELAYMQ_KAFKA_MSG_PERSISTED_CONSUMER_GROUP", ns + "msg-persisted");
        env.put("RELAYMQ_KAFKA_MSG_PERSISTED_PARTITIONS", "2");
        env.putAll(settings);
        BrokerProcess node =
                BrokerProcess.start(name + "-" + UUID.randomUUID().toString().substring(0, 8), stack, env);
        awaitReady(node);
        return node;
    }

    /** Like {@link BrokerProcess#awaitReady()}, with room for a slow start on a busy machine. */
    private static void awaitReady(BrokerProcess node) {
        HttpClient http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest ready = HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + node.httpPort() + "/actuator/health/readiness"))
                .timeout(Duration.ofSeconds(5))
                .build();
        await().atMost(Duration.ofMinutes(6))
                .pollInterval(Duration.ofSeconds(1))
                .ignoreExceptionsInstanceOf(IOException.class)
                .until(() ->
                        http.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() == 200);
    }
}
