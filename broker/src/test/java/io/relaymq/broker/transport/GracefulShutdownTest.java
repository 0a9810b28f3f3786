package io.relaymq.broker.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Stopping the listeners tells connected 5.0 clients why (DISCONNECT 0x8B) before closing. */
class GracefulShutdownTest {

    @Test
    void connectedClientsAreToldTheServerIsShuttingDown() throws Exception {
        EmbeddedBroker broker = new EmbeddedBroker();
        MqttServer server = new MqttServer(EmbeddedBroker.settings(), broker.handlers());
        server.start();
        try (Socket v5 = new Socket("127.0.0.1", server.boundPorts().get("tcp"));
                Socket v3 = new Socket("127.0.0.1", server.boundPorts().get("tcp"))) {
            v5.getOutputStream().write(Packets.connect5("leaving-5"));
            v3.getOutputStream().write(Packets.connect311("leaving-3"));
            InputStream in5 = v5.getInputStream();
            InputStream in3 = v3.getInputStream();
            byte[] connAckHeader = in5.readNBytes(2);
            assertThat(connAckHeader[0]).isEqualTo((byte) 0x20);
            in5.readNBytes(connAckHeader[1]);
            assertThat(in3.readNBytes(4)).containsExactly(0x20, 0x02, 0x00, 0x00);

            server.stop();

            byte[] rest5 = in5.readAllBytes();
            assertThat(rest5)
                    .as("DISCONNECT, got %s", HexFormat.of().formatHex(rest5))
                    .hasSizeGreaterThanOrEqualTo(3);
            assertThat(rest5[0]).isEqualTo((byte) 0xE0);
            assertThat(rest5[2]).isEqualTo((byte) 0x8B);
            assertThat(in3.readAllBytes()).as("3.1.1 clients are just closed").isEmpty();
        }
    }

    @Test
    void whileOtherNodesAreUpClientsAreToldToUseAnotherServerAtTheDrainRate() throws Exception {
        EmbeddedBroker broker = new EmbeddedBroker();
        MqttServer server = new MqttServer(
                EmbeddedBroker.settings(),
                broker.handlers(),
                () -> false,
                new DrainPolicy(() -> true, 10, Duration.ofSeconds(10)));
        server.start();
        List<Socket> clients = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                Socket client = new Socket("127.0.0.1", server.boundPorts().get("tcp"));
                client.getOutputStream().write(Packets.connect5("moving-" + i));
                byte[] header = client.getInputStream().readNBytes(2);
                client.getInputStream().readNBytes(header[1]);
                clients.add(client);
            }

            server.stop();

            for (Socket client : clients) {
                byte[] rest = client.getInputStream().readAllBytes();
                assertThat(rest).hasSizeGreaterThanOrEqualTo(3);
                assertThat(rest[0]).isEqualTo((byte) 0xE0);
                assertThat(rest[2]).as("use another server").isEqualTo((byte) 0x9C);
            }
        } finally {
            for (Socket client : clients) {
                client.close();
            }
        }
    }

    @Test
    void theDrainReleasesConnectionsInTicksOfTheRate() {
        assertThat(new DrainPolicy(() -> true, 2000, Duration.ofSeconds(1)).perTick(10_000))
                .isEqualTo(200);
        assertThat(new DrainPolicy(() -> true, 5, Duration.ofSeconds(1)).perTick(10))
                .isEqualTo(1);
        assertThat(DrainPolicy.IMMEDIATE.perTick(7)).isEqualTo(7);
    }
}
