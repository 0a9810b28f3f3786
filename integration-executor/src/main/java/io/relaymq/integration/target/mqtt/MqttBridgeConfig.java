package io.relaymq.integration.target.mqtt;

import io.relaymq.integration.target.Template;
import io.relaymq.integration.target.config.Checked;
import io.relaymq.integration.target.config.ConfigReader;
import io.relaymq.integration.target.mqtt.MqttBridgeSettings.RetainMode;
import io.relaymq.integration.target.mqtt.MqttBridgeSettings.Tls;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/** Reads and checks the configuration of an MQTT bridge integration; every value is treated as hostile. */
public final class MqttBridgeConfig {

    static final int MAX_HOST = 253;
    static final int MAX_CLIENT_ID = 256;
    static final int MAX_USERNAME = 256;
    static final int MAX_PASSWORD = 1024;
    static final int MAX_TEMPLATE = 1024;
    static final int MAX_PEM = 65_536;
    static final int MIN_TIMEOUT_MS = 1000;
    static final int MAX_TIMEOUT_MS = 60_000;

    private static final Set<String> FIELDS = Set.of(
            "host",
            "port",
            "protocolVersion",
            "clientId",
            "username",
            "password",
            "cleanStart",
            "keepAliveSeconds",
            "connectTimeoutMs",
            "publishTimeoutMs",
            "tls",
            "topic",
            "qos",
            "retain",
            "retry");
    private static final Pattern HOST_NAME = Pattern.compile("[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?");
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{[^}]*}");

    private MqttBridgeConfig() {}

    /** The settings of {@code configuration} for the integration {@code integrationId} (names the default client id). */
    public static Checked<MqttBridgeSettings> read(JsonNode configuration, UUID integrationId) {
        ConfigReader r = ConfigReader.of(configuration);
        r.onlyFields(FIELDS);
        String host = r.requiredText("host", MAX_HOST);
        if (!host.isEmpty()
                && !HOST_NAME.matcher(host).matches()
                && !IPV6.matcher(host).matches()) {
            r.problem("host", "must be a host name, an IPv4 address or an IPv6 address (without brackets)");
        }
        Tls tls = tls(r);
        int port = r.integer("port", 1, 65535, tls.enabled() ? 8883 : 1883);
        int version = Integer.parseInt(r.oneOf("protocolVersion", List.of("4", "5"), "5"));
        String clientId = r.text("clientId", MAX_CLIENT_ID).orElse("relaymq-bridge-" + integrationId);
        if (r.has("clientId") && clientId.isEmpty()) {
            r.problem("clientId", "must not be empty");
        }
        Optional<String> username = r.text("username", MAX_USERNAME);
        Optional<String> password = r.text("password", MAX_PASSWORD);
        if (version == 4 && password.isPresent() && username.isEmpty()) {
            r.problem("password", "needs a username with protocolVersion 4 (MQTT 3.1.1)");
        }
        boolean cleanStart = r.bool("cleanStart", true);
        int keepAlive = r.integer("keepAliveSeconds", 0, 65535, 60);
        int connectTimeout = r.integer("connectTimeoutMs", MIN_TIMEOUT_MS, MAX_TIMEOUT_MS, 10_000);
        int publishTimeout = r.integer("publishTimeoutMs", MIN_TIMEOUT_MS, MAX_TIMEOUT_MS, 10_000);
        String topic = r.text("topic", MAX_TEMPLATE).orElse("${topic}");
        checkTopic(r, topic);
        Optional<Integer> qos = r.has("qos")
                ? Optional.of(Integer.parseInt(r.oneOf("qos", List.of("0", "1", "2"), "1")))
                : Optional.empty();
        RetainMode retain = RetainMode.valueOf(r.oneOf("retain", List.of("KEEP", "NEVER"), "KEEP"));
        MqttBridgeSettings settings = new MqttBridgeSettings(
                host,
                port,
                version,
                clientId,
                username,
                password,
                cleanStart,
                keepAlive,
                connectTimeout,
                publishTimeout,
                tls,
                topic,
                qos,
                retain);
        return new Checked<>(settings, r.problems());
    }

    private static void checkTopic(ConfigReader r, String topic) {
        if (topic.isEmpty()) {
            r.problem("topic", "must not be empty");
        }
        Template.problems("topic", topic).forEach(p -> r.problem("topic", p.substring("topic: ".length())));
        String literal = PLACEHOLDER.matcher(topic).replaceAll("");
        if (literal.contains("+") || literal.contains("#")) {
            r.problem("topic", "must not hold the wildcards + or #: a bridge publishes to topic names");
        }
    }

    private static Tls tls(ConfigReader r) {
        return r.object("tls")
                .map(t -> {
                    t.onlyFields(Set.of("enabled", "caCertificatePem", "verifyHostname"));
                    boolean enabled = t.bool("enabled", false);
                    var trust = t.certificates("caCertificatePem", MAX_PEM);
                    boolean verify = t.bool("verifyHostname", true);
                    if (!enabled && (t.has("caCertificatePem") || t.has("verifyHostname"))) {
                        t.problem("enabled", "must be true when other tls fields are set");
                    }
                    return new Tls(enabled, trust, verify);
                })
                .orElse(Tls.OFF);
    }
}
