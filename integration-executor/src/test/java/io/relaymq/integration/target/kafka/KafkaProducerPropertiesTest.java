package io.relaymq.integration.target.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.integration.target.config.Json;
import io.relaymq.integration.target.config.Messages;
import io.relaymq.integration.target.config.Pem;
import io.relaymq.integration.target.config.TestPem;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

class KafkaProducerPropertiesTest {

    private static Properties properties(ObjectNode c) {
        var checked = KafkaConfig.read(c);
        assertThat(checked.problems()).isEmpty();
        return KafkaProducerProperties.of(Messages.INTEGRATION, checked.settings());
    }

    private static ObjectNode minimal() {
        return (ObjectNode) Json.of("{'bootstrapServers': 'k:9092', 'topic': 't'}");
    }

    @Test
    void acksAllIsIdempotentAndEveryTimeoutIsTheRequestTimeout() {
        Properties p = properties(minimal().put("requestTimeoutMs", 2500));

        assertThat(p).containsEntry("acks", "all").containsEntry("enable.idempotence", "true");
        assertThat(p).containsEntry("max.in.flight.requests.per.connection", "5");
        assertThat(p).containsEntry("request.timeout.ms", "2500").containsEntry("delivery.timeout.ms", "2500");
        assertThat(p).containsEntry("max.block.ms", "2500").containsEntry("linger.ms", "0");
        assertThat(p).containsEntry("client.id", "relaymq-integration-" + Messages.INTEGRATION);
        assertThat(p).containsEntry("security.protocol", "PLAINTEXT").doesNotContainKey("sasl.jaas.config");
    }

    @Test
    void weakerAcksTurnIdempotenceOffAndKeepOneRequestInFlight() {
        Properties p = properties(minimal().put("acks", "1").put("compression", "lz4"));

        assertThat(p).containsEntry("enable.idempotence", "false");
        assertThat(p).containsEntry("max.in.flight.requests.per.connection", "1");
        assertThat(p).containsEntry("compression.type", "lz4");
    }

    @Test
    void saslAndTlsBecomeTheirProperties() {
        ObjectNode c = minimal().put("securityProtocol", "SASL_SSL");
        c.putObject("sasl")
                .put("mechanism", "SCRAM-SHA-512")
                .put("username", "u")
                .put("password", "p\"w");
        c.putObject("tls")
                .put("caCertificatePem", "junk before\n" + TestPem.read("ca-cert.pem"))
                .put("certificatePem", TestPem.read("client-cert.pem"))
                .put("privateKeyPem", TestPem.read("client-key.pem"));

        Properties p = properties(c);

        assertThat(p).containsEntry("sasl.mechanism", "SCRAM-SHA-512");
        assertThat(p.getProperty("sasl.jaas.config")).contains("password=\"p\\\"w\"");
        assertThat(p).containsEntry("ssl.truststore.type", "PEM").containsEntry("ssl.keystore.type", "PEM");
        String trust = p.getProperty("ssl.truststore.certificates");
        assertThat(trust).doesNotContain("junk").startsWith("-----BEGIN CERTIFICATE-----");
        assertThat(Pem.certificates(trust)).isEqualTo(Pem.certificates(TestPem.read("ca-cert.pem")));
        assertThat(p.getProperty("ssl.keystore.key")).startsWith("-----BEGIN PRIVATE KEY-----");
    }
}
