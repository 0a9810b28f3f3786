package io.relaymq.broker.reliability;

import static io.relaymq.broker.support.PersistentSessions.id;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.relaymq.broker.support.BrokerProcess;
import io.relaymq.broker.support.PersistentSessions;
import io.relaymq.localinfra.junit.LocalStackExtension;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.eclipse.paho.client.mqttv3.IMqttToken;
import org.eclipse.paho.client.mqttv3.MqttAsyncClient;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A client that subscribes and then never reads while 64 KiB messages pour in would make an in-memory
 * queue of up to max-queued-messages x 64 KiB, far more than the node's heap. The node must notice the
 * pressure, stop queueing for that client (dropped and counted), stay up and keep serving the others.
 */
@ExtendWith(LocalStackExtension.class)
class MemoryPressureIT {

    private static final int PAYLOAD = 64 * 1024;
    private static final int FLOOD = 5_000;

    @Test
    void aClientThatNeverReadsCannotExhaustTheHeapAndOthersAreStillServed(StackEndpoints stack) throws Exception {
        PersistentSessions clients = new PersistentSessions();
        try (BrokerProcess node = BrokerProcess.start(
                                "mem-pressure",
                                stack,
                                Map.of(
                                        "MQTT_AUTH_ALLOW_ANONYMOUS",
                                        "true",
                                        "MQTT_MEMORY_HEAP_THRESHOLD",
                                        "0.5",
                                        "MQTT_MEMORY_CHECK_INTERVAL",
                                        "200ms",
                                        // the per-client byte cap (64 MiB) would bound the hog first on some runs: here
                                        // the heap must
                                        "MQTT_MAX_QUEUED_BYTES_PER_CLIENT",
                                        "1073741824"),
                                "320m")
                        .awaitReady();
                Socket hog = new Socket("127.0.0.1", node.mqttPort())) {
            hog.setReceiveBufferSize(4096);
            OutputStream out = hog.getOutputStream();
            out.write(connect("hog"));
            out.write(new byte[] {(byte) 0x82, 10, 0, 1, 0, 5, 'h', 'o', 'g', '/', '#', 1});
            out.flush();
            PersistentSessions.Received calm = new PersistentSessions.Received();
            MqttClient bystander = clients.plain(node);
            bystander.setCallback(calm);
            bystander.subscribe("calm/#", 1);
            clients.awaitRouted(node, "calm/x", calm);
            MqttClient calmPublisher = clients.plain(node);

            flood(node);

            System.out.println(metricsLines(node, "relaymq_messages_(dropped|out)|relaymq_memory|relaymq_connections"));
            assertThat(metric(node, "relaymq_messages_dropped_total", "reason=\"memory_pressure\""))
                    .as("queued for the hog no further")
                    .isPositive();
            for (int i = 0; i < 100; i++) {
                calmPublisher.publish("calm/x", ("m" + i).getBytes(StandardCharsets.UTF_8), 1, false);
            }
            List<String> expected =
                    IntStream.range(0, 100).mapToObj(i -> "m" + i).toList();
            await().atMost(Duration.ofSeconds(60)).until(() -> calm.payloads.containsAll(expected));
            synchronized (calm.payloads) {
                assertThat(calm.payloads)
                        .as("the connected bystander got everything once, in order (late probes aside)")
                        .filteredOn(p -> !p.equals("probe"))
                        .containsExactlyElementsOf(expected);
            }
            assertThat(status(node, "/actuator/health/liveness")).isEqualTo(200);

            hog.close();
            await().atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(500))
                    .until(() -> metric(node, "relaymq_memory_pressure", "") == 0);
            assertThat(clients.plain(node).isConnected())
                    .as("new clients are taken again")
                    .isTrue();
        } finally {
            clients.closeAll();
        }
    }

    /** 3.1.1 CONNECT, clean session, keep alive 0 so the hog is never dropped for silence. */
    private static byte[] connect(String clientId) {
        byte[] idBytes = clientId.getBytes(StandardCharsets.UTF_8);
        byte[] packet = new byte[14 + idBytes.length];
        byte[] head = {
            0x10, (byte) (12 + idBytes.length), 0, 4, 'M', 'Q', 'T', 'T', 4, 0x02, 0, 0, 0, (byte) idBytes.length
        };
        System.arraycopy(head, 0, packet, 0, head.length);
        System.arraycopy(idBytes, 0, packet, head.length, idBytes.length);
        return packet;
    }

    /** FLOOD messages of 64 KiB to the hog's topic, at most 100 unacknowledged; all must be acknowledged. */
    private static void flood(BrokerProcess node) throws Exception {
        MqttAsyncClient publisher = new MqttAsyncClient(node.mqtt(), id("flood"), new MemoryPersistence());
        MqttConnectOptions options = new MqttConnectOptions();
        options.setMaxInflight(1000);
        publisher.connect(options).waitForCompletion(30_000);
        try {
            byte[] payload = new byte[PAYLOAD];
            List<IMqttToken> tokens = new ArrayList<>();
            for (int i = 0; i < FLOOD; i++) {
                if (i >= 100) {
                    tokens.get(i - 100).waitForCompletion(60_000);
                }
                payload[0] = (byte) i;
                tokens.add(publisher.publish("hog/data", payload.clone(), 1, false));
            }
            for (IMqttToken token : tokens) {
                token.waitForCompletion(60_000);
            }
        } finally {
            publisher.disconnect().waitForCompletion(10_000);
            publisher.close();
        }
    }

    private static int status(BrokerProcess node, String path) throws Exception {
        return HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.httpPort() + path))
                                .build(),
                        HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }

    private static String metricsLines(BrokerProcess node, String regex) throws Exception {
        String body = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(
                                        URI.create("http://127.0.0.1:" + node.httpPort() + "/actuator/prometheus"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .body();
        return body.lines()
                .filter(l -> !l.startsWith("#") && l.matches("^(" + regex + ").*"))
                .reduce("", (a, b) -> a + b + "\n");
    }

    /** The value of the first sample of {@code name} whose labels contain {@code label}. */
    private static double metric(BrokerProcess node, String name, String label) throws Exception {
        String body = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(
                                        URI.create("http://127.0.0.1:" + node.httpPort() + "/actuator/prometheus"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .body();
        Matcher m =
                Pattern.compile("(?m)^" + name + "\\{([^}]*)} ([0-9.eE+-]+)$").matcher(body);
        while (m.find()) {
            if (m.group(1).contains(label)) {
                return Double.parseDouble(m.group(2));
            }
        }
        return 0;
    }
}
