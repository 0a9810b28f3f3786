package io.relaymq.integration.target.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relaymq.integration.target.kafka.KafkaSettings.Sasl;
import java.util.List;
import java.util.Map;
import javax.security.auth.login.AppConfigurationEntry;
import org.apache.kafka.common.config.SaslConfigs;
import org.apache.kafka.common.config.types.Password;
import org.apache.kafka.common.security.JaasContext;
import org.junit.jupiter.api.Test;

class JaasTest {

    /** What Kafka's own parser reads from the line, as the producer will. */
    private static AppConfigurationEntry entry(String line) {
        List<AppConfigurationEntry> entries = JaasContext.loadClientContext(
                        Map.of(SaslConfigs.SASL_JAAS_CONFIG, new Password(line)))
                .configurationEntries();
        assertThat(entries).hasSize(1);
        return entries.get(0);
    }

    private static Map<String, ?> parsed(String line) {
        return entry(line).getOptions();
    }

    @Test
    void plainUsesThePlainModule() {
        String line = Jaas.config(new Sasl("PLAIN", "alice", "secret"));

        assertThat(line).startsWith("org.apache.kafka.common.security.plain.PlainLoginModule required ");
        assertThat(parsed(line)).isEqualTo(Map.of("username", "alice", "password", "secret"));
    }

    @Test
    void scramUsesTheScramModule() {
        String line = Jaas.config(new Sasl("SCRAM-SHA-256", "bob", "pw"));

        assertThat(entry(line).getLoginModuleName())
                .isEqualTo("org.apache.kafka.common.security.scram.ScramLoginModule");
    }

    @Test
    void quotesAndBackslashesCannotBreakOutOfTheValue() {
        String hostile = "p\"; other=\"x\\\" // /* é 日 \\0";
        String line = Jaas.config(new Sasl("PLAIN", "u\" admin=\"true", hostile));

        Map<String, ?> options = parsed(line);
        assertThat(options.keySet()).containsExactlyInAnyOrder("username", "password");
        assertThat(options.get("username")).isEqualTo("u\" admin=\"true");
        assertThat(options.get("password")).isEqualTo(hostile);
    }

    @Test
    void refusesWhatCannotBeQuoted() {
        assertThatThrownBy(() -> Jaas.quote("a\nb")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Jaas.quote("a\rb")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Jaas.quote("a\u0000b")).isInstanceOf(IllegalArgumentException.class);
    }
}
