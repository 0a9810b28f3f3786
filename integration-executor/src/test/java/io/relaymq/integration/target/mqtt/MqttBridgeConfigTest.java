package io.relaymq.integration.target.mqtt;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.integration.target.config.Json;
import io.relaymq.integration.target.config.Messages;
import io.relaymq.integration.target.config.TestPem;
import io.relaymq.integration.target.mqtt.MqttBridgeSettings.RetainMode;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

class MqttBridgeConfigTest {

    private static ObjectNode minimal() {
        return (ObjectNode) Json.of("{'host': 'mqtt.example.com'}");
    }

    private static MqttBridgeSettings settings(ObjectNode c) {
        var checked = MqttBridgeConfig.read(c, Messages.INTEGRATION);
        assertThat(checked.problems()).isEmpty();
        return checked.settings();
    }

    private static List<String> problems(ObjectNode c) {
        return MqttBridgeConfig.read(c, Messages.INTEGRATION).problems();
    }

    @Test
    void minimalConfigurationGetsTheDefaults() {
        MqttBridgeSettings s = settings(minimal());

        assertThat(s.serverUri()).isEqualTo("tcp://mqtt.example.com:1883");
        assertThat(s.protocolVersion()).isEqualTo(5);
        assertThat(s.clientId()).isEqualTo("relaymq-bridge-" + Messages.INTEGRATION);
        assertThat(s.username()).isEmpty();
        assertThat(s.password()).isEmpty();
        assertThat(s.cleanStart()).isTrue();
        assertThat(s.keepAliveSeconds()).isEqualTo(60);
        assertThat(s.connectTimeoutMs()).isEqualTo(10_000);
        assertThat(s.publishTimeoutMs()).isEqualTo(10_000);
        assertThat(s.tls().enabled()).isFalse();
        assertThat(s.topic()).isEqualTo("${topic}");
        assertThat(s.qos()).isEmpty();
        assertThat(s.retain()).isEqualTo(RetainMode.KEEP);
    }

    @Test
    void acceptsAndIgnoresTheRetryObjectButNotUnknownFields() {
        ObjectNode c = minimal();
        c.putObject("retry").put("maxAttempts", 3);
        assertThat(problems(c)).isEmpty();
        c.put("willTopic", "x");
        assertThat(problems(c)).containsExactly("willTopic: unknown field");
    }

    @Test
    void hostIsRequiredAndMustBeAHost() {
        ObjectNode c = minimal();
        c.remove("host");
        assertThat(problems(c)).containsExactly("host: is required");
        for (String bad : List.of("tcp://x", "a b", "host:1883/x", "-x", "x_y")) {
            c.put("host", bad);
            assertThat(problems(c)).as(bad).singleElement().asString().startsWith("host: must be a host name");
        }
        c.put("host", "h".repeat(254));
        assertThat(problems(c)).containsExactly("host: must be at most 253 characters");
        c.put("host", "::1");
        assertThat(settings(c).serverUri()).isEqualTo("tcp://[::1]:1883");
        c.put("host", "10.1.2.3");
        assertThat(problems(c)).isEmpty();
    }

    @Test
    void numbersHaveTheirRanges() {
        ObjectNode c = minimal().put("port", 0);
        assertThat(problems(c)).containsExactly("port: must be a whole number from 1 to 65535");
        c = minimal().put("port", 65536);
        assertThat(problems(c)).hasSize(1);
        c = minimal().put("keepAliveSeconds", 65536);
        assertThat(problems(c)).containsExactly("keepAliveSeconds: must be a whole number from 0 to 65535");
        c = minimal().put("keepAliveSeconds", -1);
        assertThat(problems(c)).hasSize(1);
        c = minimal().put("connectTimeoutMs", 60_001);
        assertThat(problems(c)).containsExactly("connectTimeoutMs: must be a whole number from 1000 to 60000");
        c = minimal().put("publishTimeoutMs", 999);
        assertThat(problems(c)).containsExactly("publishTimeoutMs: must be a whole number from 1000 to 60000");
        c = minimal().put("protocolVersion", 3);
        assertThat(problems(c)).containsExactly("protocolVersion: must be one of 4, 5");
        c = minimal().put("qos", 3);
        assertThat(problems(c)).containsExactly("qos: must be one of 0, 1, 2");
        c = minimal().put("cleanStart", "no");
        assertThat(problems(c)).containsExactly("cleanStart: must be true or false");
        assertThat(settings(minimal().put("protocolVersion", 4).put("qos", 2).put("keepAliveSeconds", 0)))
                .satisfies(s -> {
                    assertThat(s.protocolVersion()).isEqualTo(4);
                    assertThat(s.qos()).hasValue(2);
                    assertThat(s.keepAliveSeconds()).isZero();
                });
    }

    @Test
    void clientIdAndCredentialsAreLimitedText() {
        assertThat(problems(minimal().put("clientId", "c".repeat(257))))
                .containsExactly("clientId: must be at most 256 characters");
        assertThat(problems(minimal().put("clientId", ""))).containsExactly("clientId: must not be empty");
        assertThat(problems(minimal().put("clientId", "bad\uD800")))
                .containsExactly("clientId: must be well-formed text without control characters");
        assertThat(problems(minimal().put("username", "u".repeat(257))))
                .containsExactly("username: must be at most 256 characters");
        assertThat(problems(minimal().put("username", "u").put("password", "p".repeat(1025))))
                .containsExactly("password: must be at most 1024 characters");
        assertThat(problems(minimal().put("protocolVersion", 4).put("password", "p")))
                .containsExactly("password: needs a username with protocolVersion 4 (MQTT 3.1.1)");
        assertThat(problems(minimal().put("password", "p"))).isEmpty();
    }

    @Test
    void topicIsATemplateOfATopicName() {
        assertThat(settings(minimal().put("topic", "remote/${topic}")).topic()).isEqualTo("remote/${topic}");
        assertThat(problems(minimal().put("topic", "remote/#")))
                .containsExactly("topic: must not hold the wildcards + or #: a bridge publishes to topic names");
        assertThat(problems(minimal().put("topic", "a/+/b"))).hasSize(1);
        assertThat(problems(minimal().put("topic", ""))).containsExactly("topic: must not be empty");
        assertThat(problems(minimal().put("topic", "${level.1}")))
                .singleElement()
                .asString()
                .startsWith("topic: unknown placeholder ${level.1}");
        assertThat(problems(minimal().put("topic", "t".repeat(1025))))
                .containsExactly("topic: must be at most 1024 characters");
    }

    @Test
    void retainTakesKeepOrNever() {
        assertThat(settings(minimal().put("retain", "NEVER")).retain()).isEqualTo(RetainMode.NEVER);
        assertThat(problems(minimal().put("retain", "ALWAYS"))).containsExactly("retain: must be one of KEEP, NEVER");
    }

    @Test
    void tlsChangesTheSchemeAndDefaultPortAndTakesParsedCertificates() {
        ObjectNode c = minimal();
        c.putObject("tls").put("enabled", true).put("caCertificatePem", TestPem.read("ca-cert.pem"));
        MqttBridgeSettings s = settings(c);
        assertThat(s.serverUri()).isEqualTo("ssl://mqtt.example.com:8883");
        assertThat(s.tls().trust()).hasSize(1);
        assertThat(s.tls().verifyHostname()).isTrue();

        c.putObject("tls").put("enabled", false).put("verifyHostname", false);
        assertThat(problems(c)).containsExactly("tls.enabled: must be true when other tls fields are set");
        c.putObject("tls").put("enabled", true).put("caCertificatePem", "junk");
        assertThat(problems(c)).containsExactly("tls.caCertificatePem: holds no -----BEGIN CERTIFICATE----- block");
        c.putObject("tls").put("enabled", true).put("ciphers", "NULL");
        assertThat(problems(c)).containsExactly("tls.ciphers: unknown field");
    }
}
