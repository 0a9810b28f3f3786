package io.relaymq.broker.auth;

import com.hivemq.client.mqtt.datatypes.MqttUtf8String;
import com.hivemq.client.mqtt.mqtt5.Mqtt5ClientConfig;
import com.hivemq.client.mqtt.mqtt5.auth.Mqtt5EnhancedAuthMechanism;
import com.hivemq.client.mqtt.mqtt5.message.auth.Mqtt5Auth;
import com.hivemq.client.mqtt.mqtt5.message.auth.Mqtt5AuthBuilder;
import com.hivemq.client.mqtt.mqtt5.message.auth.Mqtt5EnhancedAuth;
import com.hivemq.client.mqtt.mqtt5.message.auth.Mqtt5EnhancedAuthBuilder;
import com.hivemq.client.mqtt.mqtt5.message.connect.Mqtt5Connect;
import com.hivemq.client.mqtt.mqtt5.message.connect.connack.Mqtt5ConnAck;
import com.hivemq.client.mqtt.mqtt5.message.disconnect.Mqtt5Disconnect;
import io.relaymq.broker.auth.scram.ScramAlgorithm;
import io.relaymq.broker.auth.scram.ScramKeys;
import io.relaymq.broker.auth.scram.ScramMessages;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.concurrent.CompletableFuture;

/**
 * The client side of SCRAM for the HiveMQ client's enhanced authentication: it sends client-first, answers
 * server-first with its proof, and accepts the CONNACK only when its server-final carries the server
 * signature it expects (else the client closes the connection). It keeps what the server sent, for the tests
 * to look at.
 */
final class ScramMechanism implements Mqtt5EnhancedAuthMechanism {

    private final String method;
    private final ScramAlgorithm algorithm;
    private final String user;
    private final String password;
    private final String nonce;
    private String clientFirstBare;
    private volatile String serverFirst;
    private volatile byte[] expectedSignature;
    private volatile boolean serverVerified;
    private volatile String connAckMethod;

    ScramMechanism(ScramAlgorithm algorithm, String user, String password) {
        this(algorithm.mechanism(), algorithm, user, password);
    }

    /** A mechanism that names {@code method} but speaks SCRAM with {@code algorithm}. */
    ScramMechanism(String method, ScramAlgorithm algorithm, String user, String password) {
        this.method = method;
        this.algorithm = algorithm;
        this.user = user;
        this.password = password;
        byte[] random = new byte[18];
        new SecureRandom().nextBytes(random);
        this.nonce = Base64.getEncoder().encodeToString(random);
    }

    @Override
    public MqttUtf8String getMethod() {
        return MqttUtf8String.of(method);
    }

    @Override
    public int getTimeout() {
        return 10;
    }

    @Override
    public CompletableFuture<Void> onAuth(
            Mqtt5ClientConfig config, Mqtt5Connect connect, Mqtt5EnhancedAuthBuilder auth) {
        clientFirstBare = "n=" + ScramMessages.saslName(user) + ",r=" + nonce;
        auth.data(("n,," + clientFirstBare).getBytes(StandardCharsets.UTF_8));
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletableFuture<Boolean> onContinue(Mqtt5ClientConfig config, Mqtt5Auth auth, Mqtt5AuthBuilder answer) {
        serverFirst = text(auth);
        String combined = attribute(serverFirst, "r=");
        if (!combined.startsWith(nonce)) {
            return CompletableFuture.completedFuture(false);
        }
        byte[] salt = Base64.getDecoder().decode(attribute(serverFirst, "s="));
        int iterations = Integer.parseInt(attribute(serverFirst, "i="));
        byte[] salted = algorithm.saltedPassword(password.getBytes(StandardCharsets.UTF_8), salt, iterations);
        String withoutProof = "c=biws,r=" + combined;
        byte[] authMessage =
                (clientFirstBare + "," + serverFirst + "," + withoutProof).getBytes(StandardCharsets.UTF_8);
        byte[] proof = ScramKeys.clientProof(algorithm, salted, authMessage);
        expectedSignature =
                ScramKeys.derive(algorithm, password, salt, iterations).serverSignature(algorithm, authMessage);
        answer.data(
                (withoutProof + ",p=" + Base64.getEncoder().encodeToString(proof)).getBytes(StandardCharsets.UTF_8));
        return CompletableFuture.completedFuture(true);
    }

    @Override
    public CompletableFuture<Boolean> onAuthSuccess(Mqtt5ClientConfig config, Mqtt5ConnAck connAck) {
        String serverFinal = connAck.getEnhancedAuth().map(ScramMechanism::text).orElse("");
        connAckMethod =
                connAck.getEnhancedAuth().map(a -> a.getMethod().toString()).orElse(null);
        byte[] signature = expectedSignature;
        serverVerified = signature != null
                && serverFinal.equals("v=" + Base64.getEncoder().encodeToString(signature));
        return CompletableFuture.completedFuture(serverVerified);
    }

    @Override
    public CompletableFuture<Void> onReAuth(Mqtt5ClientConfig config, Mqtt5AuthBuilder auth) {
        clientFirstBare = "n=" + ScramMessages.saslName(user) + ",r=" + nonce;
        auth.data(("n,," + clientFirstBare).getBytes(StandardCharsets.UTF_8));
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletableFuture<Boolean> onReAuthSuccess(Mqtt5ClientConfig config, Mqtt5Auth auth) {
        return CompletableFuture.completedFuture(false);
    }

    @Override
    public void onAuthRejected(Mqtt5ClientConfig config, Mqtt5ConnAck connAck) {}

    @Override
    public void onReAuthRejected(Mqtt5ClientConfig config, Mqtt5Disconnect disconnect) {}

    @Override
    public void onAuthError(Mqtt5ClientConfig config, Throwable cause) {}

    @Override
    public void onReAuthError(Mqtt5ClientConfig config, Throwable cause) {}

    /** The server-first-message received, or null before it came. */
    String serverFirst() {
        return serverFirst;
    }

    /** Whether the CONNACK's server-final-message carried the expected server signature. */
    boolean serverVerified() {
        return serverVerified;
    }

    /** The Authentication Method of the successful CONNACK. */
    String connAckMethod() {
        return connAckMethod;
    }

    static String attribute(String message, String name) {
        for (String part : message.split(",")) {
            if (part.startsWith(name)) {
                return part.substring(name.length());
            }
        }
        throw new IllegalArgumentException("no " + name + " in " + message);
    }

    private static String text(Mqtt5EnhancedAuth auth) {
        ByteBuffer data = auth.getData().orElse(ByteBuffer.allocate(0));
        byte[] bytes = new byte[data.remaining()];
        data.duplicate().get(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
