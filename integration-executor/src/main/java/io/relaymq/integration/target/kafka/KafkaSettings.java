package io.relaymq.integration.target.kafka;

import java.security.cert.X509Certificate;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The checked configuration of a Kafka integration (see {@link KafkaConfig} for the fields and their limits).
 *
 * @param key the key template; empty text for records without a key
 */
public record KafkaSettings(
        String bootstrapServers,
        String topic,
        String key,
        ValueFormat value,
        Map<String, String> headers,
        boolean forwardUserProperties,
        String acks,
        String securityProtocol,
        Optional<Sasl> sasl,
        Optional<Tls> tls,
        int requestTimeoutMs,
        String compression) {

    public KafkaSettings {
        headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    }

    /** What a record's value holds. */
    public enum ValueFormat {
        /** The MQTT payload bytes as they are. */
        PAYLOAD,
        /** The message as {@link io.relaymq.integration.target.MessageJson}. */
        JSON
    }

    public record Sasl(String mechanism, String username, String password) {
        @Override
        public String toString() {
            return "Sasl[mechanism=" + mechanism + ", username=" + username + ", password=<hidden>]";
        }
    }

    /**
     * @param trust       certificates to trust; empty for the JVM's default trust
     * @param certificate the client certificate chain, with {@code privateKey}, when the cluster wants one
     * @param privateKey  PKCS #8 DER bytes of the client key
     */
    public record Tls(List<X509Certificate> trust, List<X509Certificate> certificate, Optional<byte[]> privateKey) {
        public Tls {
            trust = List.copyOf(trust);
            certificate = List.copyOf(certificate);
        }
    }
}
