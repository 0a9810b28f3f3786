package io.relaymq.integration.target.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.integration.target.config.Checked;
import io.relaymq.integration.target.config.Json;
import io.relaymq.integration.target.config.TestPem;
import io.relaymq.integration.target.kafka.KafkaSettings.ValueFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

class KafkaConfigTest {

    private static ObjectNode minimal() {
        return (ObjectNode) Json.of("{'bootstrapServers': 'kafka-1:9092,10.0.0.2:9093', 'topic': 'mqtt.in'}");
    }

    private static List<String> problems(ObjectNode configuration) {
        return KafkaConfig.read(configuration).problems();
    }

    @Test
    void minimalConfigurationGetsTheDefaults() {
        Checked<KafkaSettings> checked = KafkaConfig.read(minimal());

        assertThat(checked.problems()).isEmpty();
        KafkaSettings s = checked.settings();
        assertThat(s.key()).isEqualTo("${clientId}");
        assertThat(s.value()).isEqualTo(ValueFormat.PAYLOAD);
        assertThat(s.headers()).isEmpty();
        assertThat(s.forwardUserProperties()).isFalse();
        assertThat(s.acks()).isEqualTo("all");
        assertThat(s.securityProtocol()).isEqualTo("PLAINTEXT");
        assertThat(s.sasl()).isEmpty();
        assertThat(s.tls()).isEmpty();
        assertThat(s.requestTimeoutMs()).isEqualTo(10_000);
        assertThat(s.compression()).isEqualTo("none");
    }

    @Test
    void acceptsAndIgnoresTheRetryObjectButNotUnknownFields() {
        ObjectNode c = minimal();
        c.putObject("retry").put("maxAttempts", 5);
        assertThat(problems(c)).isEmpty();

        c.put("linger.ms", "5");
        assertThat(problems(c)).containsExactly("linger.ms: unknown field");
    }

    @Test
    void unknownFieldsAreNamedShortAndOnlyTheFirstTen() {
        ObjectNode c = minimal();
        c.put("x".repeat(5000), 1);
        assertThat(problems(c)).containsExactly("x".repeat(64) + "…: unknown field");

        c = minimal();
        for (int i = 0; i < 1000; i++) {
            c.put("f" + i, i);
        }
        List<String> problems = problems(c);
        assertThat(problems).hasSize(11).endsWith("configuration: 990 more unknown fields");
        c = minimal();
        c.putObject("sasl").put("a\nb", 1);
        c.put("securityProtocol", "SASL_PLAINTEXT");
        assertThat(problems(c)).contains("sasl.(a name with control characters): unknown field");
    }

    @Test
    void configurationMustBeAnObject() {
        assertThat(KafkaConfig.read(Json.of("[1]")).problems()).contains("configuration: must be a JSON object");
        assertThat(KafkaConfig.read(null).problems()).contains("configuration: must be a JSON object");
    }

    @Test
    void bootstrapServersAreRequiredAndChecked() {
        ObjectNode c = minimal();
        c.remove("bootstrapServers");
        assertThat(problems(c)).containsExactly("bootstrapServers: is required");

        for (String bad : List.of("kafka", "kafka:0", "kafka:70000", "a b:9092", "kafka:9092,", "-x:1", "[zz]:1")) {
            c.put("bootstrapServers", bad);
            assertThat(problems(c)).as(bad).singleElement().asString().startsWith("bootstrapServers: ");
        }
        c.put("bootstrapServers", "a".repeat(1025));
        assertThat(problems(c)).containsExactly("bootstrapServers: must be at most 1024 characters");
        c.put("bootstrapServers", "h:1,".repeat(32) + "h:1");
        assertThat(problems(c)).containsExactly("bootstrapServers: must list at most 32 servers");
        c.put("bootstrapServers", "[::1]:9092, kafka.example.com:9093");
        assertThat(problems(c)).isEmpty();
    }

    @Test
    void topicIsARequiredTemplateWithLegalLiteralCharacters() {
        ObjectNode c = minimal();
        c.put("topic", "mqtt.${topicLevel.0}_${clientId}");
        assertThat(problems(c)).isEmpty();

        c.put("topic", "mqtt/${topic}");
        assertThat(problems(c))
                .containsExactly("topic: outside placeholders only letters, digits, '.', '_' and '-' are allowed");
        c.put("topic", "t.${payload}");
        assertThat(problems(c)).singleElement().asString().startsWith("topic: unknown placeholder ${payload}");
        c.put("topic", "");
        assertThat(problems(c)).containsExactly("topic: must not be empty");
        c.put("topic", "t".repeat(1025));
        assertThat(problems(c)).containsExactly("topic: must be at most 1024 characters");
        c.put("topic", 42);
        assertThat(problems(c)).containsExactly("topic: must be a string");
    }

    @Test
    void keyIsAnOptionalTemplateAndEmptyMeansNoKey() {
        ObjectNode c = minimal();
        c.put("key", "");
        assertThat(KafkaConfig.read(c).settings().key()).isEmpty();
        c.put("key", "${integrationId}-${qos}");
        assertThat(problems(c)).isEmpty();
        c.put("key", "${nope}");
        assertThat(problems(c)).singleElement().asString().startsWith("key: unknown placeholder ${nope}");
        c.put("key", "line\nbreak");
        assertThat(problems(c)).containsExactly("key: must be well-formed text without control characters");
    }

    @Test
    void enumeratedFieldsTakeOnlyTheirValues() {
        ObjectNode c = minimal();
        c.put("value", "JSON").put("acks", "1").put("compression", "zstd");
        KafkaSettings s = KafkaConfig.read(c).settings();
        assertThat(s.value()).isEqualTo(ValueFormat.JSON);
        assertThat(s.acks()).isEqualTo("1");
        assertThat(s.compression()).isEqualTo("zstd");

        c.put("value", "XML").put("acks", "2").put("compression", "brotli").put("securityProtocol", "SASL");
        assertThat(problems(c))
                .containsExactlyInAnyOrder(
                        "value: must be one of PAYLOAD, JSON",
                        "acks: must be one of all, 1, 0",
                        "compression: must be one of none, gzip, lz4, zstd, snappy",
                        "securityProtocol: must be one of PLAINTEXT, SSL, SASL_PLAINTEXT, SASL_SSL");
    }

    @Test
    void headersAreLimitedInCountNameAndValue() {
        ObjectNode c = minimal();
        c.putObject("headers").put("source", "relaymq").put("env", "test");
        assertThat(KafkaConfig.read(c).settings().headers())
                .containsExactly(java.util.Map.entry("source", "relaymq"), java.util.Map.entry("env", "test"));

        ObjectNode many = c.putObject("headers");
        for (int i = 0; i < 33; i++) {
            many.put("h" + i, "v");
        }
        assertThat(problems(c)).containsExactly("headers: must have at most 32 entries");
        c.putObject("headers").put("n".repeat(257), "v");
        assertThat(problems(c)).singleElement().asString().startsWith("headers: names must be 1 to 256");
        c.putObject("headers").put("n", "v".repeat(1025));
        assertThat(problems(c)).containsExactly("headers.n: must be at most 1024 characters");
        c.putObject("headers").put("n", 1);
        assertThat(problems(c)).containsExactly("headers.n: must be a string");
        c.put("headers", "x");
        assertThat(problems(c)).containsExactly("headers: must be a JSON object");
    }

    @Test
    void requestTimeoutHasARange() {
        ObjectNode c = minimal();
        c.put("requestTimeoutMs", 60_000);
        assertThat(problems(c)).isEmpty();
        for (long bad : List.of(999L, 60_001L, 5_000_000_000L)) {
            c.put("requestTimeoutMs", bad);
            assertThat(problems(c)).containsExactly("requestTimeoutMs: must be a whole number from 1000 to 60000");
        }
        c.put("requestTimeoutMs", 1.5);
        assertThat(problems(c)).hasSize(1);
        c.put("forwardUserProperties", "yes");
        assertThat(problems(c)).contains("forwardUserProperties: must be true or false");
    }

    @Test
    void saslGoesWithTheSaslProtocolsAndNeedsAllItsFields() {
        ObjectNode c = minimal();
        c.putObject("sasl").put("mechanism", "PLAIN").put("username", "u").put("password", "p");
        assertThat(problems(c)).containsExactly("sasl: only with securityProtocol SASL_PLAINTEXT or SASL_SSL");

        c.put("securityProtocol", "SASL_SSL");
        assertThat(problems(c)).isEmpty();
        c.remove("sasl");
        assertThat(problems(c)).containsExactly("sasl: is required with securityProtocol SASL_PLAINTEXT or SASL_SSL");

        c.putObject("sasl").put("mechanism", "GSSAPI").put("password", "p\r").put("extra", 1);
        assertThat(problems(c))
                .containsExactlyInAnyOrder(
                        "sasl.extra: unknown field",
                        "sasl.mechanism: must be one of PLAIN, SCRAM-SHA-256, SCRAM-SHA-512",
                        "sasl.username: is required",
                        "sasl.password: must be well-formed text without control characters");
        c.putObject("sasl")
                .put("mechanism", "SCRAM-SHA-512")
                .put("username", "u".repeat(257))
                .put("password", "");
        assertThat(problems(c))
                .containsExactlyInAnyOrder(
                        "sasl.username: must be at most 256 characters", "sasl.password: must not be empty");
    }

    @Test
    void tlsGoesWithTheTlsProtocolsAndHoldsParsedPem() {
        ObjectNode c = minimal();
        c.putObject("tls").put("caCertificatePem", TestPem.read("ca-cert.pem"));
        assertThat(problems(c)).containsExactly("tls: only with securityProtocol SSL or SASL_SSL");

        c.put("securityProtocol", "SSL");
        assertThat(KafkaConfig.read(c).settings().tls().orElseThrow().trust()).hasSize(1);

        ObjectNode tls = c.putObject("tls").put("certificatePem", TestPem.read("client-cert.pem"));
        assertThat(problems(c))
                .containsExactly("tls.certificatePem: and privateKeyPem go together: give both or neither");
        tls.put("privateKeyPem", TestPem.read("client-key.pem"));
        assertThat(problems(c)).isEmpty();
        tls.put("caCertificatePem", "not pem");
        assertThat(problems(c)).containsExactly("tls.caCertificatePem: holds no -----BEGIN CERTIFICATE----- block");
        tls.put("caCertificatePem", "x".repeat(65_537));
        assertThat(problems(c)).containsExactly("tls.caCertificatePem: must be a PEM text of at most 65536 characters");
    }

    @Test
    void aTopicWhoseLiteralStartIsReservedIsRefused() {
        ObjectNode c = minimal();
        c.put("topic", "relaymq.integrations");
        assertThat(problems(c))
                .singleElement()
                .asString()
                .startsWith("topic: the topic name may not start with 'relaymq.'");
        c.put("topic", "relaymq.${topicLevel.0}");
        assertThat(problems(c)).singleElement().asString().contains("'relaymq.'");
        c.put("topic", "__${topicLevel.0}");
        assertThat(problems(c)).singleElement().asString().contains("'__'");
        c.put("topic", "mqtt.relaymq.${topicLevel.0}");
        assertThat(problems(c)).isEmpty();
        c.put("topic", "${topicLevel.0}");
        assertThat(problems(c)).isEmpty();
    }
}
