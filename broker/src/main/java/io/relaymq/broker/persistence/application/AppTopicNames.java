package io.relaymq.broker.persistence.application;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Kafka topic names of APPLICATION clients and of their shared subscriptions. Kafka allows only
 * {@code [a-zA-Z0-9._-]} and 249 characters, so names are mapped: {@code /} becomes {@code .},
 * {@code +} becomes {@code slw} and {@code #} becomes {@code mlw}; when any other character occurs, or
 * the name is too long, the readable part keeps the allowed characters and a hash of the original is
 * appended, so different names never share a topic.
 */
public final class AppTopicNames {

    public static final String CLIENT_PREFIX = "relaymq.msg.app.";
    public static final String SHARED_PREFIX = "relaymq.msg.app.shared.";
    private static final int MAX_LENGTH = 249;

    private AppTopicNames() {
    }

    /** The topic of one APPLICATION client. */
    public static String forClient(String clientId) {
        return CLIENT_PREFIX + safe(clientId, CLIENT_PREFIX.length());
    }

    /** The topic of one shared subscription topic filter (without its {@code $share/<group>/} prefix). */
    public static String forSharedFilter(String topicFilter) {
        String mapped = topicFilter.replace("/", ".").replace("+", "slw").replace("#", "mlw");
        return SHARED_PREFIX + safe(mapped, SHARED_PREFIX.length());
    }

    private static String safe(String name, int prefixLength) {
        StringBuilder kept = new StringBuilder(name.length());
        boolean changed = false;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_'
                    || c == '-') {
                kept.append(c);
            } else {
                changed = true;
            }
        }
        if (!changed && prefixLength + kept.length() <= MAX_LENGTH && !kept.isEmpty()) {
            return kept.toString();
        }
        String hash = "-" + sha256(name).substring(0, 16);
        int room = MAX_LENGTH - prefixLength - hash.length();
        return (kept.length() > room ? kept.substring(0, room) : kept) + hash;
    }

    private static String sha256(String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
