package io.relaymq.broker.auth;

import static io.relaymq.broker.auth.AuthClients.publish;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.hivemq.client.mqtt.mqtt5.Mqtt5BlockingClient;
import com.hivemq.client.mqtt.mqtt5.Mqtt5Client;
import com.hivemq.client.mqtt.mqtt5.exceptions.Mqtt5ConnAckException;
import com.hivemq.client.mqtt.mqtt5.exceptions.Mqtt5DisconnectException;
import com.hivemq.client.mqtt.mqtt5.message.connect.connack.Mqtt5ConnAckReasonCode;
import com.hivemq.client.mqtt.mqtt5.message.disconnect.Mqtt5DisconnectReasonCode;
import com.hivemq.client.mqtt.mqtt5.message.publish.puback.Mqtt5PubAckReasonCode;
import io.relaymq.broker.auth.provider.AuthProviders;
import io.relaymq.broker.auth.scram.ScramAlgorithm;
import io.relaymq.broker.support.RelayMqNodeTest;
import io.relaymq.broker.transport.MqttServer;
import io.relaymq.common.client.ClientType;
import io.relaymq.dao.auth.AuthProviderType;
import io.relaymq.dao.auth.UnauthorizedClientRepository;
import io.relaymq.dao.credentials.CredentialsType;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * SCRAM-SHA-256/512 enhanced authentication (MQTT 5.0 section 4.12) on a running node with real
 * PostgreSQL and Kafka, with the HiveMQ client's enhanced-auth mechanism and, for what a well-behaved
 * client never sends, raw packets. The test node accepts anonymous clients: a SCRAM refusal must not fall
 * back to anonymous access.
 */
@RelayMqNodeTest
class ScramAuthIT {

    @Autowired
    MqttServer server;

    @Autowired
    CredentialsService credentials;

    @Autowired
    AuthProviderService providerService;

    @Autowired
    AuthProviders providers;

    @Autowired
    UnauthorizedClientLog unauthorizedLog;

    @Autowired
    UnauthorizedClientRepository unauthorized;

    private final AuthClients clients = new AuthClients();

    @BeforeEach
    void scramOn() {
        providerService.setEnabled(AuthProviderType.SCRAM, true);
        await().atMost(Duration.ofSeconds(20)).until(() -> providers.isEnabled(AuthProviderType.SCRAM));
    }

    @AfterEach
    void close() {
        clients.closeAll();
    }

    private int port() {
        return server.boundPorts().get("tcp");
    }

    private static String unique(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    private void scramUser(String user, String password, ScramAlgorithm algorithm) {
        String value = "{\"userName\":\"" + user + "\",\"algorithm\":\"" + algorithm.name() + "\",\"password\":\""
                + password + "\",\"authRules\":{\"pubAuthRulePatterns\":[\"scram/" + user
                + "/.*\"],\"subAuthRulePatterns\":[\".*\"]}}";
        credentials.save(null, user, ClientType.DEVICE, CredentialsType.SCRAM, value);
    }

    private Mqtt5ConnAckReasonCode connect(Mqtt5BlockingClient client, ScramMechanism mechanism) {
        try {
            return client.connectWith()
                    .cleanStart(true)
                    .enhancedAuth(mechanism)
                    .send()
                    .getReasonCode();
        } catch (Mqtt5ConnAckException e) {
            return e.getMqttMessage().getReasonCode();
        }
    }

    @Test
    void sha256ClientLogsInVerifiesTheServerAndIsHeldToItsRules() {
        String user = unique("scram256");
        scramUser(user, "pencil-256", ScramAlgorithm.SHA_256);
        ScramMechanism mechanism = new ScramMechanism(ScramAlgorithm.SHA_256, user, "pencil-256");
        Mqtt5BlockingClient client = clients.v5(unique("c"), port(), null);

        assertThat(connect(client, mechanism)).isEqualTo(Mqtt5ConnAckReasonCode.SUCCESS);
        // [MQTT-4.12.0-5]: the successful CONNACK repeats the method; its data is the server-final-message
        assertThat(mechanism.connAckMethod()).isEqualTo("SCRAM-SHA-256");
        assertThat(mechanism.serverVerified()).isTrue();
        assertThat(publish(client, "scram/" + user + "/t")).isEqualTo(Mqtt5PubAckReasonCode.SUCCESS);
        assertThat(publish(client, "elsewhere/t")).isEqualTo(Mqtt5PubAckReasonCode.NOT_AUTHORIZED);
    }

    @Test
    void sha512ClientLogsInAndVerifiesTheServer() {
        String user = unique("scram512");
        scramUser(user, "pencil-512", ScramAlgorithm.SHA_512);
        ScramMechanism mechanism = new ScramMechanism(ScramAlgorithm.SHA_512, user, "pencil-512");
        Mqtt5BlockingClient client = clients.v5(unique("c"), port(), null);

        assertThat(connect(client, mechanism)).isEqualTo(Mqtt5ConnAckReasonCode.SUCCESS);
        assertThat(mechanism.connAckMethod()).isEqualTo("SCRAM-SHA-512");
        assertThat(mechanism.serverVerified()).isTrue();
        assertThat(client.getState().isConnected()).isTrue();
    }

    @Test
    void aWrongPasswordIsRefusedAndTheClientNeverGetsIn() {
        String user = unique("scramwrong");
        scramUser(user, "right", ScramAlgorithm.SHA_256);
        ScramMechanism mechanism = new ScramMechanism(ScramAlgorithm.SHA_256, user, "wrong");
        String clientId = unique("c");
        Mqtt5BlockingClient client = clients.v5(clientId, port(), null);

        // [MQTT-4.12.0-4]: a refusal is a CONNACK of 0x80 or above
        assertThat(connect(client, mechanism)).isEqualTo(Mqtt5ConnAckReasonCode.BAD_USER_NAME_OR_PASSWORD);
        assertThat(mechanism.serverFirst()).as("the exchange reached the proof").isNotNull();
        assertThat(mechanism.serverVerified()).isFalse();
        assertThat(client.getState().isConnected()).isFalse();
        unauthorizedLog.flush();
        assertThat(unauthorized.find(clientId)).get().satisfies(entry -> {
            assertThat(entry.username()).isEqualTo(user);
            assertThat(entry.reason()).contains("SCRAM proof wrong");
        });
    }

    /**
     * Wrong proofs count in the back-off like wrong passwords: after MQTT_AUTH_BACKOFF_FAILURES_PER_CREDENTIALS
     * (5) of them the user is backed off (0x9F), 1 s doubling with each further failure, so within a bounded
     * number of tries one lands in a back-off window. Sent from 127.0.0.2, so the failures of this test do
     * not count against the address the other tests connect from.
     */
    @Test
    void wrongProofsBackTheUserOffLikeWrongPasswords() {
        String user = unique("scramguess");
        scramUser(user, "right", ScramAlgorithm.SHA_256);
        Mqtt5ConnAckReasonCode last = null;
        for (int attempt = 0; attempt < 10 && last != Mqtt5ConnAckReasonCode.CONNECTION_RATE_EXCEEDED; attempt++) {
            Mqtt5BlockingClient client = Mqtt5Client.builder()
                    .identifier(unique("g"))
                    .serverHost("127.0.0.1")
                    .serverPort(port())
                    .transportConfig()
                    .localAddress("127.0.0.2")
                    .applyTransportConfig()
                    .buildBlocking();
            last = connect(client, new ScramMechanism(ScramAlgorithm.SHA_256, user, "guess-" + attempt));
            if (attempt < 5) {
                assertThat(last).as("attempt " + attempt).isEqualTo(Mqtt5ConnAckReasonCode.BAD_USER_NAME_OR_PASSWORD);
            }
        }
        assertThat(last).isEqualTo(Mqtt5ConnAckReasonCode.CONNECTION_RATE_EXCEEDED);
    }

    @Test
    void theAlgorithmOfTheCredentialsMustBeTheOneTheClientUses() {
        String user = unique("scramalg");
        scramUser(user, "pw", ScramAlgorithm.SHA_512);
        ScramMechanism mechanism = new ScramMechanism(ScramAlgorithm.SHA_256, user, "pw");

        assertThat(connect(clients.v5(unique("c"), port(), null), mechanism))
                .isEqualTo(Mqtt5ConnAckReasonCode.BAD_USER_NAME_OR_PASSWORD);
    }

    @Test
    void anUnknownUserGetsTheSameExchangeAndTheSameRefusal() {
        String known = unique("scramknown");
        scramUser(known, "pw", ScramAlgorithm.SHA_256);
        String unknown = unique("scramnobody");
        ScramMechanism knownTry = new ScramMechanism(ScramAlgorithm.SHA_256, known, "guess");
        ScramMechanism unknownTry = new ScramMechanism(ScramAlgorithm.SHA_256, unknown, "guess");
        ScramMechanism unknownAgain = new ScramMechanism(ScramAlgorithm.SHA_256, unknown, "guess");

        assertThat(connect(clients.v5(unique("c"), port(), null), knownTry))
                .isEqualTo(Mqtt5ConnAckReasonCode.BAD_USER_NAME_OR_PASSWORD);
        assertThat(connect(clients.v5(unique("c"), port(), null), unknownTry))
                .isEqualTo(Mqtt5ConnAckReasonCode.BAD_USER_NAME_OR_PASSWORD);
        assertThat(connect(clients.v5(unique("c"), port(), null), unknownAgain))
                .isEqualTo(Mqtt5ConnAckReasonCode.BAD_USER_NAME_OR_PASSWORD);

        String salt = ScramMechanism.attribute(unknownTry.serverFirst(), "s=");
        assertThat(salt).hasSameSizeAs(ScramMechanism.attribute(knownTry.serverFirst(), "s="));
        assertThat(ScramMechanism.attribute(unknownTry.serverFirst(), "i="))
                .isEqualTo(ScramMechanism.attribute(knownTry.serverFirst(), "i="))
                .isEqualTo("4096");
        assertThat(ScramMechanism.attribute(unknownAgain.serverFirst(), "s="))
                .as("an unknown user's salt is the same every time, as a real one is")
                .isEqualTo(salt);
    }

    @Test
    void anUnsupportedMethodOrScramSwitchedOffIsABadAuthenticationMethod() {
        String user = unique("scramoff");
        scramUser(user, "pw", ScramAlgorithm.SHA_256);
        ScramMechanism sha1 = new ScramMechanism("SCRAM-SHA-1", ScramAlgorithm.SHA_256, user, "pw");

        // [MQTT-4.12.0-1]
        assertThat(connect(clients.v5(unique("c"), port(), null), sha1))
                .isEqualTo(Mqtt5ConnAckReasonCode.BAD_AUTHENTICATION_METHOD);
        providerService.setEnabled(AuthProviderType.SCRAM, false);
        try {
            await().atMost(Duration.ofSeconds(20)).until(() -> !providers.isEnabled(AuthProviderType.SCRAM));
            ScramMechanism off = new ScramMechanism(ScramAlgorithm.SHA_256, user, "pw");
            assertThat(connect(clients.v5(unique("c"), port(), null), off))
                    .isEqualTo(Mqtt5ConnAckReasonCode.BAD_AUTHENTICATION_METHOD);
        } finally {
            providerService.setEnabled(AuthProviderType.SCRAM, true);
        }
    }

    @Test
    void reAuthenticationIsRefusedWithImplementationSpecificError() {
        String user = unique("scramre");
        scramUser(user, "pw", ScramAlgorithm.SHA_256);
        Mqtt5BlockingClient client = clients.v5(unique("c"), port(), null);
        assertThat(connect(client, new ScramMechanism(ScramAlgorithm.SHA_256, user, "pw")))
                .isEqualTo(Mqtt5ConnAckReasonCode.SUCCESS);
        AtomicReference<Throwable> cause = new AtomicReference<>();
        client.toAsync().reauth().whenComplete((done, error) -> cause.set(error));

        await().atMost(Duration.ofSeconds(10)).until(() -> !client.getState().isConnected());
        await().atMost(Duration.ofSeconds(10)).until(() -> cause.get() != null);
        assertThat(cause.get()).isInstanceOf(Mqtt5DisconnectException.class);
        assertThat(((Mqtt5DisconnectException) cause.get()).getMqttMessage().getReasonCode())
                .isEqualTo(Mqtt5DisconnectReasonCode.IMPLEMENTATION_SPECIFIC_ERROR);
    }

    /** [MQTT-4.12.0-3]: an AUTH that is not an answer to the server's AUTH (here: sent with CONNECT) ends it. */
    @Test
    void anAuthBeforeTheServersChallengeIsAProtocolError() throws IOException {
        try (Socket socket = socket()) {
            OutputStream out = socket.getOutputStream();
            ByteArrayOutputStream both = new ByteArrayOutputStream();
            both.write(Mqtt5Wire.connect(unique("c"), "SCRAM-SHA-256", "n,,n=someone,r=0123456789abcdef"));
            both.write(Mqtt5Wire.auth(0x19, "SCRAM-SHA-256", "c=biws,r=0123456789abcdef,p=AAAA"));
            out.write(both.toByteArray());
            out.flush();

            byte[] reply = Mqtt5Wire.read(new DataInputStream(socket.getInputStream()));
            assertThat(reply[0] & 0xF0).as("CONNACK").isEqualTo(0x20);
            assertThat(reply[3] & 0xFF).as("Protocol Error").isEqualTo(0x82);
        }
    }

    /** [MQTT-3.1.2-30]: during the exchange the client may send only AUTH or DISCONNECT. */
    @Test
    void anotherPacketDuringTheExchangeIsAProtocolError() throws IOException {
        try (Socket socket = socket()) {
            OutputStream out = socket.getOutputStream();
            DataInputStream in = new DataInputStream(socket.getInputStream());
            out.write(Mqtt5Wire.connect(unique("c"), "SCRAM-SHA-256", "n,,n=someone,r=0123456789abcdef"));
            out.flush();
            byte[] challenge = Mqtt5Wire.read(in);
            assertThat(challenge[0] & 0xFF).as("AUTH").isEqualTo(0xF0);
            assertThat(challenge[2] & 0xFF).as("Continue authentication").isEqualTo(0x18);
            assertThat(new String(challenge, StandardCharsets.ISO_8859_1))
                    .contains("SCRAM-SHA-256", "r=0123456789abcdef");

            out.write(new byte[] {(byte) 0xC0, 0}); // PINGREQ
            out.flush();
            byte[] reply = Mqtt5Wire.read(in);
            assertThat(reply[0] & 0xF0).as("CONNACK").isEqualTo(0x20);
            assertThat(reply[3] & 0xFF).as("Protocol Error").isEqualTo(0x82);
        }
    }

    @Test
    void anAuthWithAnotherMethodThanConnectsIsAProtocolError() throws IOException {
        try (Socket socket = socket()) {
            OutputStream out = socket.getOutputStream();
            DataInputStream in = new DataInputStream(socket.getInputStream());
            out.write(Mqtt5Wire.connect(unique("c"), "SCRAM-SHA-256", "n,,n=someone,r=0123456789abcdef"));
            out.flush();
            assertThat(Mqtt5Wire.read(in)[0] & 0xFF).as("AUTH").isEqualTo(0xF0);

            out.write(Mqtt5Wire.auth(0x18, "SCRAM-SHA-512", "c=biws,r=0123456789abcdef,p=AAAA"));
            out.flush();
            byte[] reply = Mqtt5Wire.read(in);
            assertThat(reply[0] & 0xF0).as("CONNACK").isEqualTo(0x20);
            assertThat(reply[3] & 0xFF).as("Protocol Error").isEqualTo(0x82);
        }
    }

    @Test
    void aClientFirstAskingForChannelBindingIsRefused() throws IOException {
        try (Socket socket = socket()) {
            OutputStream out = socket.getOutputStream();
            out.write(Mqtt5Wire.connect(unique("c"), "SCRAM-SHA-256", "p=tls-unique,,n=someone,r=0123456789abcdef"));
            out.flush();
            byte[] reply = Mqtt5Wire.read(new DataInputStream(socket.getInputStream()));
            assertThat(reply[0] & 0xF0).as("CONNACK").isEqualTo(0x20);
            assertThat(reply[3] & 0xFF).as("Not authorized").isEqualTo(0x87);
        }
    }

    private Socket socket() throws IOException {
        Socket socket = new Socket("127.0.0.1", port());
        socket.setSoTimeout(10_000);
        return socket;
    }
}
