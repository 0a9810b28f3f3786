package io.relaymq.broker.persistence.application;

import java.io.ByteArrayOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Kafka topic names and consumer group ids of APPLICATION clients and of their shared subscriptions,
 * built so that two different inputs never share a name.
 *
 * <p>A name segment {@code N(x)} is the escaped form of {@code x}, each UTF-8 byte written as itself when
 * it is {@code [a-zA-Z0-9]}, as {@code --} when it is {@code -}, and as {@code -} plus two lowercase hex
 * digits otherwise (so {@code /} is {@code -2f}). Escaping is reversible, and a segment never contains
 * {@code .} or {@code _} (Kafka counts names that differ only in {@code .} versus {@code _} as
 * colliding). When the escaped form would make the name longer than Kafka allows, the segment is
 * {@code -h} plus the SHA-256 of the UTF-8 bytes in hex instead: {@code -h} never occurs in an escaped
 * form, because an escape is {@code --} or {@code -} plus hex digits, so a hashed segment can only equal
 * another hashed segment, which takes a SHA-256 collision.
 *
 * <ul>
 *   <li>client topic: {@code relaymq.app.N(clientId)} (one segment, no dot)</li>
 *   <li>shared subscription topic: {@code relaymq.app.shared.N(filter)} (two segments)</li>
 *   <li>client consumer group: {@code <prefix>N(clientId)}</li>
 *   <li>shared consumer group: {@code <prefix>shared.N(shareName).N(filter)}</li>
 * </ul>
 * The root {@code relaymq.app.} shares no name with the earlier layout {@code relaymq.msg.app.}, so topics
 * of that layout are recognised exactly ({@link AppTopicLayout}).
 */
public final class AppTopicNames {

    /** Every topic of this layout starts with this. */
    public static final String ROOT = "relaymq.app.";
    /** Shared subscription topics start with this. */
    public static final String SHARED_PREFIX = ROOT + "shared.";
    /** Every topic of the earlier, colliding layout started with this. */
    public static final String OLD_ROOT = "relaymq.msg.app.";

    static final int KAFKA_MAX = 249;
    private static final int CLIENT_SEGMENT_MAX = KAFKA_MAX - ROOT.length();
    private static final int FILTER_SEGMENT_MAX = KAFKA_MAX - SHARED_PREFIX.length();
    private static final int SHARE_NAME_SEGMENT_MAX = 100;
    private static final String HASHED = "-h";
    private static final HexFormat HEX = HexFormat.of();

    private AppTopicNames() {}

    /** The topic of one APPLICATION client. */
    public static String forClient(String clientId) {
        return ROOT + clientSegment(clientId);
    }

    /** The topic of one shared subscription topic filter (without its {@code $share/<group>/} prefix). */
    public static String forSharedFilter(String topicFilter) {
        return SHARED_PREFIX + segment(topicFilter, FILTER_SEGMENT_MAX);
    }

    /** The consumer group that keeps one client's committed offset. */
    public static String clientGroup(String groupPrefix, String clientId) {
        return groupPrefix + clientSegment(clientId);
    }

    /** The consumer group of one share name on one filter's topic. */
    public static String sharedGroup(String groupPrefix, String shareName, String topicFilter) {
        return groupPrefix + "shared." + segment(shareName, SHARE_NAME_SEGMENT_MAX) + "."
                + segment(topicFilter, FILTER_SEGMENT_MAX);
    }

    /** A bounded, safe stand-in for {@code clientId} in Kafka client ids and log lines. */
    static String clientSegment(String clientId) {
        return segment(clientId, CLIENT_SEGMENT_MAX);
    }

    static String segment(String value, int max) {
        byte[] bytes = utf8(value);
        String escaped = escape(bytes);
        if (escaped.isEmpty() || escaped.length() > max) {
            return HASHED + sha256(bytes);
        }
        return escaped;
    }

    /**
     * True when {@code segment} is one this class writes: a canonical escaped form (no byte escaped that is
     * written as itself, lowercase hex) of at most {@code max} characters, or a hashed segment.
     */
    static boolean isSegment(String segment, int max) {
        if (segment.length() == HASHED.length() + 64 && segment.startsWith(HASHED)) {
            return isLowerHex(segment.substring(HASHED.length()));
        }
        if (segment.isEmpty() || segment.length() > max) {
            return false;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(segment.length());
        for (int i = 0; i < segment.length(); i++) {
            char c = segment.charAt(i);
            if (isKept(c)) {
                bytes.write(c);
            } else if (c != '-' || i + 1 >= segment.length()) {
                return false;
            } else if (segment.charAt(i + 1) == '-') {
                bytes.write('-');
                i++;
            } else if (i + 2 < segment.length() && isLowerHex(segment.substring(i + 1, i + 3))) {
                bytes.write(Integer.parseInt(segment, i + 1, i + 3, 16));
                i += 2;
            } else {
                return false;
            }
        }
        return escape(bytes.toByteArray()).equals(segment);
    }

    static int clientSegmentMax() {
        return CLIENT_SEGMENT_MAX;
    }

    static int filterSegmentMax() {
        return FILTER_SEGMENT_MAX;
    }

    private static String escape(byte[] bytes) {
        StringBuilder out = new StringBuilder(bytes.length);
        for (byte b : bytes) {
            char c = (char) (b & 0xff);
            if (isKept(c)) {
                out.append(c);
            } else if (c == '-') {
                out.append("--");
            } else {
                out.append('-').append(HEX.toHexDigits(b));
            }
        }
        return out.toString();
    }

    private static boolean isKept(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    }

    private static boolean isLowerHex(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
                return false;
            }
        }
        return !s.isEmpty();
    }

    /**
     * UTF-8 of every code point, a lone surrogate included (as its three-byte form), so that different
     * Java strings always give different bytes ({@code String.getBytes} turns every lone surrogate into '?').
     */
    static byte[] utf8(String s) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(s.length() + 8);
        s.codePoints().forEach(cp -> {
            if (cp < 0x80) {
                out.write(cp);
            } else if (cp < 0x800) {
                out.write(0xC0 | (cp >> 6));
                out.write(0x80 | (cp & 0x3F));
            } else if (cp < 0x10000) {
                out.write(0xE0 | (cp >> 12));
                out.write(0x80 | ((cp >> 6) & 0x3F));
                out.write(0x80 | (cp & 0x3F));
            } else {
                out.write(0xF0 | (cp >> 18));
                out.write(0x80 | ((cp >> 12) & 0x3F));
                out.write(0x80 | ((cp >> 6) & 0x3F));
                out.write(0x80 | (cp & 0x3F));
            }
        });
        return out.toByteArray();
    }

    private static String sha256(byte[] bytes) {
        try {
            return HEX.formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
