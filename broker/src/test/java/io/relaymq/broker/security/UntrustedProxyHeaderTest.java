package io.relaymq.broker.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.relaymq.broker.mqtt.MqttSettings;
import io.relaymq.broker.transport.DrainPolicy;
import io.relaymq.broker.transport.EmbeddedBroker;
import io.relaymq.broker.transport.MqttServer;
import io.relaymq.broker.transport.PreAuthLimits;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Finding 6: with the PROXY protocol on, the header names the client's address, which then drives logs,
 * blocked-client rules and the per-address authentication back-off. Only the load balancer may send it:
 * a peer outside MQTT_PROXY_PROTOCOL_TRUSTED_NETWORKS is closed before its header is read.
 */
class UntrustedProxyHeaderTest {

    private final EmbeddedBroker broker = new EmbeddedBroker();
    private MqttServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop();
        }
        broker.close();
    }

    private static MqttSettings proxied() {
        MqttSettings base = EmbeddedBroker.settings();
        return new MqttSettings(
                base.listeners(),
                base.connectTimeout(),
                base.maxPacketSize(),
                base.maxClientIdLength(),
                base.maxKeepAlive(),
                base.receiveMaximum(),
                base.maxInflightOutbound(),
                base.maxQueuedMessages(),
                base.topicAliasMaximum(),
                base.maxSessionExpiry(),
                true,
                true,
                base.tls(),
                base.netty());
    }

    private MqttServer server(List<String> trusted) {
        return new MqttServer(
                proxied(), new PreAuthLimits(65536, trusted), broker.handlers(), () -> false, DrainPolicy.IMMEDIATE);
    }

    @Test
    void aProxyHeaderFromAPeerOutsideTheTrustedNetworksIsRefused() throws Exception {
        // the test client connects from 127.0.0.1, outside 10.0.0.0/8
        server = server(List.of("10.0.0.0/8", "fd00::/8"));
        server.start();
        try (Socket socket = RawMqtt.open("127.0.0.1", server.boundPorts().get("tcp"))) {
            byte[] header = "PROXY TCP4 203.0.113.7 10.0.0.1 50123 1883\r\n".getBytes(StandardCharsets.US_ASCII);
            byte[] connect = RawMqtt.connect("spoofer", null, null);
            byte[] both = Arrays.copyOf(header, header.length + connect.length);
            System.arraycopy(connect, 0, both, header.length, connect.length);
            try {
                // one write: the node may close the peer as soon as it is accepted, and a second write into the
                // closed connection would fail with a broken pipe, which is the refusal this test expects
                socket.getOutputStream().write(both);
            } catch (SocketException closedAlready) {
                // refused before the bytes got there; the read below sees the closed connection
            }

            assertThat(RawMqtt.connAck(socket, 3_000))
                    .as("closed without CONNACK")
                    .isEqualTo(-1);
            await().atMost(Duration.ofSeconds(2)).until(() -> RawMqtt.closedByBroker(socket));
        }
        assertThat(broker.registry.get("spoofer"))
                .as("no session for the spoofed address")
                .isNull();
    }

    @Test
    void aProxyHeaderFromATrustedPeerNamesTheClient() throws Exception {
        server = server(List.of("127.0.0.0/8"));
        server.start();
        try (Socket socket = RawMqtt.open("127.0.0.1", server.boundPorts().get("tcp"))) {
            OutputStream out = socket.getOutputStream();
            out.write("PROXY TCP4 203.0.113.7 10.0.0.1 50123 1883\r\n".getBytes(StandardCharsets.US_ASCII));
            out.write(RawMqtt.connect("behind-lb", null, null));
            out.flush();

            assertThat(RawMqtt.connAck(socket, 3_000)).isZero();
            await().atMost(Duration.ofSeconds(2))
                    .until(() -> broker.registry.get("behind-lb") != null
                            && broker.registry.get("behind-lb").connection() != null);
            assertThat(broker.registry.get("behind-lb").connection().toString()).contains("203.0.113.7");
        }
    }

    @Test
    void theProxyProtocolWithoutTrustedNetworksDoesNotStart() {
        assertThatThrownBy(() -> server(List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("MQTT_PROXY_PROTOCOL_TRUSTED_NETWORKS");
        assertThatThrownBy(() -> server(List.of("10.0.0.0/33")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("10.0.0.0/33");
    }
}
