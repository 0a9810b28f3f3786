package io.relaymq.broker.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.relaymq.broker.mqtt.MqttSettings;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A load balancer's PROXY protocol header in front of MQTT: the client's own address is kept. */
class ProxyProtocolTest {

    @Test
    void clientAddressComesFromTheProxyHeader() throws Exception {
        EmbeddedBroker broker = new EmbeddedBroker();
        MqttSettings base = EmbeddedBroker.settings();
        MqttSettings settings = new MqttSettings(
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
        MqttServer server = new MqttServer(
                settings,
                new PreAuthLimits(65536, List.of("127.0.0.0/8")),
                broker.handlers(),
                () -> false,
                DrainPolicy.IMMEDIATE);
        server.start();
        try (Socket socket = new Socket("127.0.0.1", server.boundPorts().get("tcp"))) {
            OutputStream out = socket.getOutputStream();
            out.write("PROXY TCP4 203.0.113.7 10.0.0.1 50123 1883\r\n".getBytes(StandardCharsets.US_ASCII));
            out.write(Packets.connect311("behind-lb"));
            out.flush();
            InputStream in = socket.getInputStream();
            byte[] connAck = in.readNBytes(4);
            assertThat(connAck).containsExactly(0x20, 0x02, 0x00, 0x00);
            await().atMost(Duration.ofSeconds(5))
                    .until(() -> broker.registry.get("behind-lb") != null
                            && broker.registry.get("behind-lb").connection() != null);
            assertThat(broker.registry.get("behind-lb").connection().toString()).contains("203.0.113.7:50123");
        } finally {
            server.stop();
        }
    }
}
