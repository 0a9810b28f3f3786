package io.relaymq.integration.target.mqtt;

import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Optional;

/**
 * The checked configuration of an MQTT bridge integration (see {@link MqttBridgeConfig} for the fields and their
 * limits).
 *
 * @param protocolVersion 4 (MQTT 3.1.1) or 5
 * @param qos             the QoS to publish with; empty for the message's own QoS
 */
public record MqttBridgeSettings(
        String host,
        int port,
        int protocolVersion,
        String clientId,
        Optional<String> username,
        Optional<String> password,
        boolean cleanStart,
        int keepAliveSeconds,
        int connectTimeoutMs,
        int publishTimeoutMs,
        Tls tls,
        String topic,
        Optional<Integer> qos,
        RetainMode retain) {

    /** What becomes of the message's RETAIN flag. */
    public enum RetainMode {
        /** The remote gets the flag the publisher set. */
        KEEP,
        /** The remote never retains a bridged message. */
        NEVER
    }

    /**
     * @param trust certificates to trust; empty for the JVM's default trust
     */
    public record Tls(boolean enabled, List<X509Certificate> trust, boolean verifyHostname) {
        public static final Tls OFF = new Tls(false, List.of(), true);

        public Tls {
            trust = List.copyOf(trust);
        }
    }

    /** The URI Paho connects to. */
    public String serverUri() {
        String literal = host.contains(":") ? "[" + host + "]" : host;
        return (tls.enabled() ? "ssl://" : "tcp://") + literal + ":" + port;
    }

    @Override
    public String toString() {
        return "MqttBridgeSettings[" + serverUri() + ", v" + protocolVersion + ", clientId=" + clientId + ", topic="
                + topic + "]";
    }
}
