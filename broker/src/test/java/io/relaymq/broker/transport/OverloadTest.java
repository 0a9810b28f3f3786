package io.relaymq.broker.transport;

import static io.relaymq.broker.transport.Packets.connect311;
import static io.relaymq.broker.transport.Packets.connect5;
import static io.relaymq.broker.transport.Packets.publish311;
import static io.relaymq.broker.transport.Packets.subscribe311;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.netty.channel.embedded.EmbeddedChannel;
import io.relaymq.broker.limits.ConnectAdmission;
import io.relaymq.broker.mqtt.MqttSettings;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Overload protection at the byte level: admission reason codes, memory-pressure shedding, publish throttling. */
class OverloadTest {

    private final List<EmbeddedChannel> channels = new ArrayList<>();

    /** Every channel's unread output is released at the end (the fuzz test's leak detector sees all). */
    @AfterEach
    void release() {
        channels.forEach(EmbeddedChannel::finishAndReleaseAll);
    }

    private EmbeddedChannel open(EmbeddedBroker broker) {
        EmbeddedChannel channel = broker.channel();
        channels.add(channel);
        return channel;
    }

    private byte[] connAck(EmbeddedBroker broker, byte[] connect) {
        EmbeddedChannel channel = open(broker);
        EmbeddedBroker.send(channel, connect);
        return EmbeddedBroker.received(channel);
    }

    @Test
    void connectsBeyondTheRateAreRefusedWithConnectionRateExceeded() {
        EmbeddedBroker broker =
                new EmbeddedBroker(new ConnectAdmission(0, 2, () -> false, () -> 0, () -> 0L), () -> false, 0);

        assertThat(connAck(broker, connect311("a"))).containsExactly(0x20, 0x02, 0x00, 0x00);
        assertThat(connAck(broker, connect311("b"))).containsExactly(0x20, 0x02, 0x00, 0x00);
        assertThat(connAck(broker, connect311("c")))
                .as("3.1.1: server unavailable")
                .containsExactly(0x20, 0x02, 0x00, 0x03);
        byte[] v5 = connAck(broker, connect5("d"));
        assertThat(v5[0]).isEqualTo((byte) 0x20);
        assertThat(v5[3]).as("5.0: connection rate exceeded").isEqualTo((byte) 0x9F);
    }

    @Test
    void connectsBeyondTheConnectionLimitGetQuotaExceeded() {
        EmbeddedBroker broker =
                new EmbeddedBroker(new ConnectAdmission(1, 0, () -> false, () -> 2, () -> 0L), () -> false, 0);

        assertThat(connAck(broker, connect5("over"))[3]).isEqualTo((byte) 0x97);
    }

    @Test
    void underMemoryPressureConnectsGetServerBusyAndAnAbsentClientsQueueStopsGrowing() {
        AtomicBoolean pressure = new AtomicBoolean();
        EmbeddedBroker broker =
                new EmbeddedBroker(new ConnectAdmission(0, 0, pressure::get, () -> 0, () -> 0L), pressure::get, 0);
        EmbeddedChannel away = open(broker);
        EmbeddedBroker.send(away, connect311(0x00, "away"));
        EmbeddedBroker.send(away, subscribe311(1, "load/#", 1));
        EmbeddedBroker.received(away);
        away.close();
        EmbeddedChannel publisher = open(broker);
        EmbeddedBroker.send(publisher, connect311("pub"));

        EmbeddedBroker.send(publisher, publish311(1, "load/1", 1, "kept"));
        pressure.set(true);
        EmbeddedBroker.send(publisher, publish311(1, "load/2", 2, "shed"));
        assertThat(connAck(broker, connect5("late"))[3]).as("server busy").isEqualTo((byte) 0x89);
        pressure.set(false);

        EmbeddedChannel back = open(broker);
        EmbeddedBroker.send(back, connect311(0x00, "away"));
        String delivered = new String(EmbeddedBroker.received(back), StandardCharsets.ISO_8859_1);
        assertThat(delivered).contains("kept").doesNotContain("shed");
        assertThat(broker.meters
                        .counter("relaymq.messages.dropped", "reason", "memory_pressure")
                        .count())
                .isEqualTo(1.0);
    }

    @Test
    void aClientOverItsPublishRateIsNotReadFromUntilItsBudgetRefills() {
        EmbeddedBroker broker = new EmbeddedBroker(ConnectAdmission.OPEN, () -> false, 3);
        EmbeddedChannel channel = open(broker);
        EmbeddedBroker.send(channel, connect311("chatty"));
        for (int i = 0; i < 3; i++) {
            EmbeddedBroker.send(channel, publish311(0, "t", 0, "m" + i));
        }
        assertThat(channel.config().isAutoRead()).as("within budget").isTrue();

        EmbeddedBroker.send(channel, publish311(0, "t", 0, "over"));

        assertThat(channel.config().isAutoRead()).as("paused over budget").isFalse();
        assertThat(broker.published).as("nothing dropped").hasSize(4);
        await().atMost(Duration.ofSeconds(5)).until(() -> {
            channel.runPendingTasks();
            return channel.config().isAutoRead();
        });
    }

    @Test
    void aConnectionThatNeverSendsConnectIsClosedAfterTheTimeout() throws Exception {
        EmbeddedBroker broker = new EmbeddedBroker();
        MqttSettings settings = EmbeddedBroker.settingsWithConnectTimeout(Duration.ofMillis(300));
        MqttServer server = new MqttServer(settings, broker.handlers());
        server.start();
        try (Socket silent = new Socket("127.0.0.1", server.boundPorts().get("tcp"))) {
            silent.setSoTimeout(10_000);
            InputStream in = silent.getInputStream();
            assertThat(in.read()).as("closed by the server, nothing sent").isEqualTo(-1);
        } finally {
            server.stop();
        }
    }
}
