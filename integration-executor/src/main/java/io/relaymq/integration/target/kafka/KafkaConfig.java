package io.relaymq.integration.target.kafka;

import io.relaymq.integration.target.Template;
import io.relaymq.integration.target.config.Checked;
import io.relaymq.integration.target.config.ConfigReader;
import io.relaymq.integration.target.kafka.KafkaSettings.Sasl;
import io.relaymq.integration.target.kafka.KafkaSettings.Tls;
import io.relaymq.integration.target.kafka.KafkaSettings.ValueFormat;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/** Reads and checks the configuration of a Kafka integration; every value is treated as hostile. */
public final class KafkaConfig {

    static final int MAX_BOOTSTRAP = 1024;
    static final int MAX_TEMPLATE = 1024;
    static final int MAX_HEADERS = 32;
    static final int MAX_HEADER_NAME = 256;
    static final int MAX_HEADER_VALUE = 1024;
    static final int MAX_USERNAME = 256;
    static final int MAX_PASSWORD = 1024;
    static final int MAX_PEM = 65_536;
    static final int MIN_TIMEOUT_MS = 1000;
    static final int MAX_TIMEOUT_MS = 60_000;

    private static final Set<String> FIELDS = Set.of(
            "bootstrapServers",
            "topic",
            "key",
            "value",
            "headers",
            "forwardUserProperties",
            "acks",
            "securityProtocol",
            "sasl",
            "tls",
            "requestTimeoutMs",
            "compression",
            "retry");
    private static final List<String> PROTOCOLS = List.of("PLAINTEXT", "SSL", "SASL_PLAINTEXT", "SASL_SSL");
    private static final List<String> MECHANISMS = List.of("PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{[^}]*}");
    private static final Pattern TOPIC_CHARS = Pattern.compile("[a-zA-Z0-9._-]*");

    private KafkaConfig() {}

    public static Checked<KafkaSettings> read(JsonNode configuration) {
        ConfigReader r = ConfigReader.of(configuration);
        r.onlyFields(FIELDS);
        String bootstrap = r.requiredText("bootstrapServers", MAX_BOOTSTRAP);
        if (!bootstrap.isEmpty()) {
            BootstrapServers.problem(bootstrap).ifPresent(p -> r.problem("bootstrapServers", p));
        }
        String topic = r.requiredText("topic", MAX_TEMPLATE);
        checkTemplate(r, "topic", topic);
        if (!TOPIC_CHARS.matcher(PLACEHOLDER.matcher(topic).replaceAll("")).matches()) {
            r.problem("topic", "outside placeholders only letters, digits, '.', '_' and '-' are allowed");
        }
        String literalStart = topic.contains("${") ? topic.substring(0, topic.indexOf("${")) : topic;
        KafkaTopicName.reservedPrefix(literalStart).ifPresent(p -> r.problem("topic", p));
        String key = r.text("key", MAX_TEMPLATE).orElse("${clientId}");
        checkTemplate(r, "key", key);
        ValueFormat value = ValueFormat.valueOf(r.oneOf("value", List.of("PAYLOAD", "JSON"), "PAYLOAD"));
        var headers = r.textMap("headers", MAX_HEADERS, MAX_HEADER_NAME, MAX_HEADER_VALUE);
        boolean forward = r.bool("forwardUserProperties", false);
        String acks = r.oneOf("acks", List.of("all", "1", "0"), "all");
        String protocol = r.oneOf("securityProtocol", PROTOCOLS, "PLAINTEXT");
        Optional<Sasl> sasl = sasl(r, protocol.startsWith("SASL_"));
        Optional<Tls> tls = tls(r, protocol.endsWith("SSL"));
        int timeout = r.integer("requestTimeoutMs", MIN_TIMEOUT_MS, MAX_TIMEOUT_MS, 10_000);
        String compression = r.oneOf("compression", List.of("none", "gzip", "lz4", "zstd", "snappy"), "none");
        KafkaSettings settings = new KafkaSettings(
                bootstrap, topic, key, value, headers, forward, acks, protocol, sasl, tls, timeout, compression);
        return new Checked<>(settings, r.problems());
    }

    private static void checkTemplate(ConfigReader r, String field, String text) {
        Template.problems(field, text).forEach(p -> r.problem(field, p.substring(field.length() + 2)));
    }

    private static Optional<Sasl> sasl(ConfigReader r, boolean wanted) {
        if (!wanted) {
            if (r.has("sasl")) {
                r.problem("sasl", "only with securityProtocol SASL_PLAINTEXT or SASL_SSL");
            }
            return Optional.empty();
        }
        if (!r.has("sasl")) {
            r.problem("sasl", "is required with securityProtocol SASL_PLAINTEXT or SASL_SSL");
            return Optional.empty();
        }
        return r.object("sasl").map(s -> {
            s.onlyFields(Set.of("mechanism", "username", "password"));
            String mechanism = s.oneOf("mechanism", MECHANISMS, "PLAIN");
            if (!s.has("mechanism")) {
                s.problem("mechanism", "is required");
            }
            String username = s.requiredText("username", MAX_USERNAME);
            String password = s.requiredText("password", MAX_PASSWORD);
            return new Sasl(mechanism, username, password);
        });
    }

    private static Optional<Tls> tls(ConfigReader r, boolean allowed) {
        if (!r.has("tls")) {
            return Optional.empty();
        }
        if (!allowed) {
            r.problem("tls", "only with securityProtocol SSL or SASL_SSL");
            return Optional.empty();
        }
        return r.object("tls").map(t -> {
            t.onlyFields(Set.of("caCertificatePem", "certificatePem", "privateKeyPem"));
            List<X509Certificate> trust = t.certificates("caCertificatePem", MAX_PEM);
            List<X509Certificate> chain = t.certificates("certificatePem", MAX_PEM);
            Optional<byte[]> key = t.privateKey("privateKeyPem", MAX_PEM);
            if (t.has("certificatePem") != t.has("privateKeyPem")) {
                t.problem("certificatePem", "and privateKeyPem go together: give both or neither");
            }
            return new Tls(trust, chain, key);
        });
    }
}
