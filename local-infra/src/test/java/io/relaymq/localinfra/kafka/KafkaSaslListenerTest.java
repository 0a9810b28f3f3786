package io.relaymq.localinfra.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class KafkaSaslListenerTest {

    /** Reads server.properties the way Kafka does: java.util.Properties from bytes, that is ISO-8859-1. */
    private static Properties load(String text) throws IOException {
        Properties p = new Properties();
        p.load(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
        return p;
    }

    @Test
    void addsAnAuthenticatingListenerBesideThePlainOne() throws IOException {
        KafkaNodeSpec node = new KafkaNodeSpec(1, 19092, 19093, Path.of("/tmp/k"));
        KafkaSaslListener sasl = new KafkaSaslListener(19094, Map.of("alice", "pw"));

        Properties p = load(KafkaServerProperties.render(node, List.of(node), Optional.of(sasl)));

        assertThat(p.getProperty("listeners"))
                .isEqualTo("PLAINTEXT://127.0.0.1:19092,CONTROLLER://127.0.0.1:19093,SASL_PLAINTEXT://127.0.0.1:19094");
        assertThat(p.getProperty("advertised.listeners"))
                .isEqualTo("PLAINTEXT://127.0.0.1:19092,SASL_PLAINTEXT://127.0.0.1:19094");
        assertThat(p.getProperty("listener.security.protocol.map")).endsWith(",SASL_PLAINTEXT:SASL_PLAINTEXT");
        assertThat(p.getProperty("listener.name.sasl_plaintext.sasl.enabled.mechanisms"))
                .isEqualTo("PLAIN,SCRAM-SHA-512");
    }

    @Test
    void passwordsSurviveBothJaasAndPropertiesEscaping() throws IOException {
        String password = "p\"w\\ é // x";
        KafkaSaslListener sasl = new KafkaSaslListener(1, Map.of("alice", password));

        Properties p = load(sasl.serverProperties());

        assertThat(p.getProperty("listener.name.sasl_plaintext.plain.sasl.jaas.config"))
                .isEqualTo(
                        "org.apache.kafka.common.security.plain.PlainLoginModule required user_alice=\"p\\\"w\\\\ é // x\";");
    }

    @Test
    void refusesUserNamesThatAreNoJaasKeys() {
        assertThatThrownBy(() -> new KafkaSaslListener(1, Map.of("a=b", "pw")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new KafkaSaslListener(1, Map.of("a", "p\nw")))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
