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
 * Finding 6: before authentication a connection may not make the broker buffer a packet of up to
 * MQTT_MAX_PACKET_SIZE (1 MiB). The first packet may declare at most MQTT_MAX_CONNECT_PACKET_SIZE
 * (64 KiB by default); one that declares more is closed as soon as its fixed header is read.
 */
@RelayMqNodeTest
class FirstPacketLimitIT {

    @Autowired
    MqttServer server;

    private final ScheduledExecutorService writer = Executors.newSingleThreadScheduledExecutor();

    @AfterEach
    void stop() {
        writer.shutdownNow();
    }

    @Test
    void aFirstPacketDeclaringMoreThanTheConnectLimitIsClosedAtOnce() throws Exception {
        // a well-formed CONNECT of about 130 KB: the limit is 64 KiB, the node's packet limit 1 MiB
        byte[] connect = RawMqtt.connect("big-connect", "u".repeat(65_000), "p".repeat(65_000));
        try (Socket socket = RawMqtt.open("127.0.0.1", Endpoints.tcpPort(server))) {
            OutputStream out = socket.getOutputStream();
            AtomicInteger sent = new AtomicInteger();
            // 4 KiB every 100 ms, as a slow but steady client sends it: the whole takes over 3 s
            writer.scheduleAtFixedRate(
                    () -> {
                        int from = sent.get();
                        int to = Math.min(connect.length, from + 4096);
                        if (from < to) {
                            try {
                                out.write(connect, from, to - from);
                                out.flush();
                                sent.set(to);
                            } catch (IOException closed) {
                                writer.shutdown();
                            }
                        }
                    },
                    0,
                    100,
                    TimeUnit.MILLISECONDS);

            // well inside the 3 s CONNECT deadline, so only the size limit can have closed it
            await().atMost(Duration.ofMillis(1500))
                    .pollInterval(Duration.ofMillis(50))
                    .until(() -> RawMqtt.closedByBroker(socket));
            assertThat(sent.get())
                    .as("closed before the client could send it all")
                    .isLessThan(connect.length);
        }
    }

    @Test
    void aConnectWithinTheLimitIsStillAccepted() throws Exception {
        try (Socket socket = RawMqtt.open("127.0.0.1", Endpoints.tcpPort(server))) {
            socket.getOutputStream().write(RawMqtt.connect("within-limit", "within-limit", "p".repeat(60_000)));
            socket.getOutputStream().flush();

            assertThat(RawMqtt.connAck(socket, 5_000)).isZero();
        }
    }
}
