package io.relaymq.broker.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.relaymq.broker.support.Endpoints;
import io.relaymq.broker.support.RelayMqNodeTest;
import io.relaymq.broker.transport.MqttServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Finding 6 (pre-authentication exhaustion): a client that sends its CONNECT one byte at a time must not
 * keep an unauthenticated connection open. The node under test has MQTT_CONNECT_TIMEOUT=3s, now a
 * deadline from accept to CONNACK; before, it was an idle timer that every trickled byte restarted.
 */
@RelayMqNodeTest
class TricklingConnectIT {

    private static final Duration DEADLINE = Duration.ofSeconds(3);

    @Autowired
    MqttServer server;

    private final ScheduledExecutorService trickler = Executors.newSingleThreadScheduledExecutor();

    @AfterEach
    void stop() {
        trickler.shutdownNow();
    }

    @Test
    void aConnectTrickledOneByteAtATimeIsClosedAtTheDeadline() throws Exception {
        byte[] connect = RawMqtt.connect("trickler-" + "x".repeat(200), "someone", "p".repeat(200));
        try (Socket socket = RawMqtt.open("127.0.0.1", Endpoints.tcpPort(server))) {
            AtomicInteger sent = new AtomicInteger();
            OutputStream out = socket.getOutputStream();
            long start = System.nanoTime();
            // one byte every 200 ms: the whole CONNECT would take over 80 s, every gap far below the timeout
            trickler.scheduleAtFixedRate(
                    () -> {
                        int next = sent.get();
                        if (next < connect.length) {
                            try {
                                out.write(connect[next]);
                                out.flush();
                                sent.incrementAndGet();
                            } catch (IOException closed) {
                                trickler.shutdown();
                            }
                        }
                    },
                    0,
                    200,
                    TimeUnit.MILLISECONDS);

            await().atMost(DEADLINE.plusSeconds(3))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> RawMqtt.closedByBroker(socket));

            Duration open = Duration.ofNanos(System.nanoTime() - start);
            assertThat(sent.get())
                    .as("the client was still sending when it was closed")
                    .isLessThan(connect.length);
            assertThat(open).as("closed at the deadline, not before").isGreaterThanOrEqualTo(DEADLINE.minusMillis(200));
        }
    }

    @Test
    void aConnectHeldBackAfterTheTcpHandshakeIsClosedAtTheDeadline() throws Exception {
        try (Socket socket = RawMqtt.open("127.0.0.1", Endpoints.tcpPort(server))) {
            socket.getOutputStream().write(0x10);
            socket.getOutputStream().flush();

            await().atMost(DEADLINE.plusSeconds(3))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> RawMqtt.closedByBroker(socket));
        }
    }
}
