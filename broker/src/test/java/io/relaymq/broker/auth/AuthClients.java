package io.relaymq.broker.auth;

import com.hivemq.client.mqtt.MqttClientSslConfig;
import com.hivemq.client.mqtt.datatypes.MqttQos;
import com.hivemq.client.mqtt.mqtt5.Mqtt5BlockingClient;
import com.hivemq.client.mqtt.mqtt5.Mqtt5Client;
import com.hivemq.client.mqtt.mqtt5.exceptions.Mqtt5ConnAckException;
import com.hivemq.client.mqtt.mqtt5.exceptions.Mqtt5PubAckException;
import com.hivemq.client.mqtt.mqtt5.exceptions.Mqtt5SubAckException;
import com.hivemq.client.mqtt.mqtt5.message.auth.Mqtt5SimpleAuth;
import com.hivemq.client.mqtt.mqtt5.message.connect.connack.Mqtt5ConnAckReasonCode;
import com.hivemq.client.mqtt.mqtt5.message.publish.Mqtt5PublishResult;
import com.hivemq.client.mqtt.mqtt5.message.publish.puback.Mqtt5PubAckReasonCode;
import com.hivemq.client.mqtt.mqtt5.message.subscribe.suback.Mqtt5SubAckReasonCode;
import io.relaymq.broker.support.TestPki;
import io.relaymq.broker.support.TestTlsMaterial;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.TrustManagerFactory;

/** MQTT clients for the auth tests: HiveMQ 5.0 clients (plain and with client certificates) and raw 3.1.1 CONNECTs. */
public final class AuthClients {

    private final List<Mqtt5BlockingClient> open = new ArrayList<>();

    public Mqtt5BlockingClient v5(String clientId, int port, MqttClientSslConfig tls) {
        var builder = Mqtt5Client.builder()
                .identifier(clientId)
                .serverHost("127.0.0.1")
                .serverPort(port);
        if (tls != null) {
            builder = builder.sslConfig(tls);
        }
        Mqtt5BlockingClient client = builder.buildBlocking();
        open.add(client);
        return client;
    }

    /** Connects; the CONNACK reason code (SUCCESS, or the refusal). */
    public static Mqtt5ConnAckReasonCode connect(Mqtt5BlockingClient client, String username, String password) {
        try {
            var connect = client.connectWith().cleanStart(true);
            if (username != null && password != null) {
                connect.simpleAuth(Mqtt5SimpleAuth.builder()
                        .username(username)
                        .password(password.getBytes(StandardCharsets.UTF_8))
                        .build());
            } else if (username != null) {
                connect.simpleAuth(Mqtt5SimpleAuth.builder().username(username).build());
            } else if (password != null) {
                connect.simpleAuth(Mqtt5SimpleAuth.builder()
                        .password(password.getBytes(StandardCharsets.UTF_8))
                        .build());
            }
            return connect.send().getReasonCode();
        } catch (Mqtt5ConnAckException e) {
            return e.getMqttMessage().getReasonCode();
        }
    }

    public static Mqtt5PubAckReasonCode publish(Mqtt5BlockingClient client, String topic) {
        try {
            Mqtt5PublishResult result = client.publishWith()
                    .topic(topic)
                    .qos(MqttQos.AT_LEAST_ONCE)
                    .payload("x".getBytes(StandardCharsets.UTF_8))
                    .send();
            return result.getError().map(AuthClients::pubAckCode).orElse(Mqtt5PubAckReasonCode.SUCCESS);
        } catch (Mqtt5PubAckException e) {
            return e.getMqttMessage().getReasonCode();
        }
    }

    private static Mqtt5PubAckReasonCode pubAckCode(Throwable error) {
        if (error instanceof Mqtt5PubAckException e) {
            return e.getMqttMessage().getReasonCode();
        }
        throw new IllegalStateException("publish failed", error);
    }

    public static Mqtt5SubAckReasonCode subscribe(Mqtt5BlockingClient client, String filter) {
        try {
            return client.subscribeWith()
                    .topicFilter(filter)
                    .qos(MqttQos.AT_LEAST_ONCE)
                    .send()
                    .getReasonCodes()
                    .get(0);
        } catch (Mqtt5SubAckException e) {
            return e.getMqttMessage().getReasonCodes().get(0);
        }
    }

    /** TLS presenting {@code identity} (none when null), trusting the test node's server certificate. */
    public static MqttClientSslConfig tls(TestPki.Identity identity) throws Exception {
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        KeyStore serverStore = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(TestTlsMaterial.keyStore())) {
            serverStore.load(in, TestTlsMaterial.PASSWORD.toCharArray());
        }
        trust.init(serverStore);
        var builder = MqttClientSslConfig.builder().trustManagerFactory(trust);
        if (identity != null) {
            Path file = Files.createTempFile("client-", ".p12");
            KeyStore keyStore = KeyStore.getInstance("PKCS12");
            try (InputStream in = Files.newInputStream(identity.keyStore(file))) {
                keyStore.load(in, TestPki.PASSWORD.toCharArray());
            }
            Files.delete(file);
            KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keys.init(keyStore, TestPki.PASSWORD.toCharArray());
            builder = builder.keyManagerFactory(keys);
        }
        return builder.handshakeTimeout(5, TimeUnit.SECONDS).build();
    }

    /** A raw MQTT 3.1.1 CONNECT (clean session); returns the CONNACK return code, then disconnects. */
    public static int connect311(int port, String clientId, String username, String password) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(connectPacket(clientId, username, password));
            out.flush();
            DataInputStream in = new DataInputStream(socket.getInputStream());
            byte[] connAck = new byte[4];
            in.readFully(connAck);
            if (connAck[0] != 0x20 || connAck[1] != 2) {
                throw new IOException("not a CONNACK");
            }
            if (connAck[3] == 0) {
                out.write(new byte[] {(byte) 0xE0, 0});
                out.flush();
            }
            return connAck[3];
        }
    }

    private static byte[] connectPacket(String clientId, String username, String password) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.write(new byte[] {0, 4, 'M', 'Q', 'T', 'T', 4});
        int flags = 0x02 | (username != null ? 0x80 : 0) | (password != null ? 0x40 : 0);
        body.write(flags);
        body.write(new byte[] {0, 60});
        utf8(body, clientId);
        if (username != null) {
            utf8(body, username);
        }
        if (password != null) {
            utf8(body, password);
        }
        ByteArrayOutputStream packet = new ByteArrayOutputStream();
        packet.write(0x10);
        int remaining = body.size();
        do {
            int digit = remaining % 128;
            remaining /= 128;
            packet.write(remaining > 0 ? digit | 0x80 : digit);
        } while (remaining > 0);
        body.writeTo(packet);
        return packet.toByteArray();
    }

    private static void utf8(ByteArrayOutputStream out, String value) throws IOException {
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        out.write(bytes.length >> 8);
        out.write(bytes.length & 0xFF);
        out.write(bytes);
    }

    public void closeAll() {
        for (Mqtt5BlockingClient client : open) {
            try {
                if (client.getState().isConnected()) {
                    client.disconnect();
                }
            } catch (RuntimeException e) {
                // already gone
            }
        }
        open.clear();
    }
}
