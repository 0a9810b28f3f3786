package io.relaymq.integration.target.kafka;

import io.relaymq.integration.target.config.Texts;
import io.relaymq.integration.target.kafka.KafkaSettings.Sasl;

/**
 * Writes the {@code sasl.jaas.config} line of a SASL mechanism. User name and password are quoted: Kafka's JAAS
 * parser reads a quoted value up to the next unescaped quote and takes {@code \"} and {@code \\} as the quote and
 * the backslash, so those two are escaped. Line breaks and other control characters end a quoted value in that
 * parser and cannot be escaped, so a value holding one is refused.
 */
final class Jaas {

    private static final String PLAIN = "org.apache.kafka.common.security.plain.PlainLoginModule";
    private static final String SCRAM = "org.apache.kafka.common.security.scram.ScramLoginModule";

    private Jaas() {}

    static String config(Sasl sasl) {
        String module = sasl.mechanism().equals("PLAIN") ? PLAIN : SCRAM;
        return module + " required username=" + quote(sasl.username()) + " password=" + quote(sasl.password()) + ";";
    }

    /** The value in double quotes; IllegalArgumentException when it holds a character that cannot be quoted. */
    static String quote(String value) {
        if (!Texts.isClean(value)) {
            throw new IllegalArgumentException("a JAAS value may not hold control characters");
        }
        StringBuilder out = new StringBuilder(value.length() + 2).append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\');
            }
            out.append(c);
        }
        return out.append('"').toString();
    }
}
