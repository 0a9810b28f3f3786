package io.relaymq.localinfra.kafka;

import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A second client listener of a one-node cluster, with SASL_PLAINTEXT and the mechanisms PLAIN and SCRAM-SHA-512,
 * for tests of clients that authenticate. PLAIN users and their passwords are fixed here; SCRAM users are created
 * through the Admin API on the plain listener. No authorizer is set: every authenticated user may do everything.
 *
 * @param port       the listener's loopback port
 * @param plainUsers PLAIN user names (letters, digits, '_' and '-') and their passwords (no control characters)
 */
public record KafkaSaslListener(int port, Map<String, String> plainUsers) {

    static final String NAME = "SASL_PLAINTEXT";
    private static final Pattern USER = Pattern.compile("[A-Za-z0-9_-]{1,64}");

    public KafkaSaslListener {
        plainUsers = Map.copyOf(plainUsers);
        for (Map.Entry<String, String> user : plainUsers.entrySet()) {
            if (!USER.matcher(user.getKey()).matches()
                    || user.getValue().chars().anyMatch(Character::isISOControl)) {
                throw new IllegalArgumentException("unusable PLAIN user or password for " + user.getKey());
            }
        }
    }

    public String bootstrap() {
        return "127.0.0.1:" + port;
    }

    /** The server properties of this listener, after the plain listener's. */
    String serverProperties() {
        String prefix = "listener.name." + NAME.toLowerCase() + ".";
        String users = plainUsers.entrySet().stream()
                .map(u -> " user_" + u.getKey() + "=" + quote(u.getValue()))
                .collect(Collectors.joining());
        return prefix + "sasl.enabled.mechanisms=PLAIN,SCRAM-SHA-512\n"
                + prefix + "plain.sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required"
                + users + ";\n"
                + prefix + "scram-sha-512.sasl.jaas.config="
                + "org.apache.kafka.common.security.scram.ScramLoginModule required;\n";
    }

    /**
     * A JAAS value in double quotes with its quotes and backslashes escaped, then escaped again for the properties
     * file, which is read as ISO-8859-1 with backslash escapes.
     */
    static String quote(String value) {
        String jaas = "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
        StringBuilder out = new StringBuilder();
        for (char c : jaas.toCharArray()) {
            if (c == '\\') {
                out.append("\\\\");
            } else if (c > 0x7e) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
