package io.relaymq.broker.api.settings;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The fields of TBMQ's {@code mail} setting that sending reads. {@link #toString()} leaves the
 * passwords out, so they cannot reach a log line by accident.
 *
 * @param timeoutMillis connect, read and write timeout of the SMTP connection
 */
record MailSettings(
        String mailFrom,
        String protocol,
        String host,
        int port,
        int timeoutMillis,
        boolean enableTls,
        String tlsVersion,
        String username,
        String password,
        boolean enableProxy,
        String proxyHost,
        int proxyPort,
        String proxyUser,
        String proxyPassword) {

    /** Reads checked settings ({@link SettingValues#mail}); a missing host is refused, other blanks get TBMQ's defaults. */
    static MailSettings of(ObjectNode value) {
        String host = text(value, "smtpHost", "");
        if (host.isBlank()) {
            throw new IllegalArgumentException("mail smtpHost is required to send mail");
        }
        return new MailSettings(
                text(value, "mailFrom", ""),
                text(value, "smtpProtocol", "smtp"),
                host,
                number(value, "smtpPort", 25),
                number(value, "timeout", 10_000),
                value.path("enableTls").asBoolean(false),
                text(value, "tlsVersion", ""),
                text(value, "username", ""),
                text(value, "password", ""),
                value.path("enableProxy").asBoolean(false),
                text(value, "proxyHost", ""),
                number(value, "proxyPort", 0),
                text(value, "proxyUser", ""),
                text(value, "proxyPassword", ""));
    }

    @Override
    public String toString() {
        return "MailSettings[" + protocol + "://" + host + ":" + port + ", user " + username + ", timeout "
                + timeoutMillis + " ms, tls " + enableTls + ", proxy " + enableProxy + "]";
    }

    private static String text(ObjectNode value, String field, String absent) {
        JsonNode node = value.get(field);
        return node == null || node.isNull() ? absent : node.asString();
    }

    private static int number(ObjectNode value, String field, int absent) {
        JsonNode node = value.get(field);
        if (node == null || node.isNull() || node.asString().isEmpty()) {
            return absent;
        }
        return node.isNumber() ? node.asInt() : Integer.parseInt(node.asString());
    }
}
