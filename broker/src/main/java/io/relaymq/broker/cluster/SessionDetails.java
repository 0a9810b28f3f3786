package io.relaymq.broker.cluster;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * What the cluster records about a session besides its owner node: the client's type and address, its
 * MQTT version and clean start flag, when it last connected and disconnected (epoch millis, 0 = not
 * yet), and the principal that created it ({@code <method>:<id>}, see
 * {@code ClientGrant#principal()}; empty for sessions recorded before principals were: unowned).
 */
public record SessionDetails(
        String clientType,
        String clientIp,
        String protocolVersion,
        boolean cleanStart,
        long connectedAt,
        long disconnectedAt,
        String principal) {

    /** Details of sessions recorded before details existed. */
    public static final SessionDetails UNKNOWN = new SessionDetails("DEVICE", "", "", false, 0, 0);

    public SessionDetails {
        principal = principal == null ? "" : principal;
    }

    /** Details without a principal (an unowned session). */
    public SessionDetails(
            String clientType,
            String clientIp,
            String protocolVersion,
            boolean cleanStart,
            long connectedAt,
            long disconnectedAt) {
        this(clientType, clientIp, protocolVersion, cleanStart, connectedAt, disconnectedAt, "");
    }

    public SessionDetails withDisconnectedAt(long millis) {
        return new SessionDetails(clientType, clientIp, protocolVersion, cleanStart, connectedAt, millis, principal);
    }

    void writeTo(ByteBuffer out) {
        put(out, clientType);
        put(out, clientIp);
        put(out, protocolVersion);
        out.put((byte) (cleanStart ? 1 : 0)).putLong(connectedAt).putLong(disconnectedAt);
        put(out, principal);
    }

    int size() {
        return 16
                + utf8(clientType).length
                + utf8(clientIp).length
                + utf8(protocolVersion).length
                + 1
                + 16
                + utf8(principal).length;
    }

    /** @param withPrincipal false for records written before the principal was recorded */
    static SessionDetails readFrom(ByteBuffer in, boolean withPrincipal) {
        return new SessionDetails(
                get(in), get(in), get(in), in.get() == 1, in.getLong(), in.getLong(), withPrincipal ? get(in) : "");
    }

    private static void put(ByteBuffer out, String s) {
        byte[] b = utf8(s);
        out.putInt(b.length).put(b);
    }

    private static String get(ByteBuffer in) {
        int length = in.getInt();
        if (length < 0 || length > in.remaining()) {
            throw new IllegalArgumentException("bad string length in session record");
        }
        byte[] b = new byte[length];
        in.get(b);
        return new String(b, StandardCharsets.UTF_8);
    }

    private static byte[] utf8(String s) {
        return (s == null ? "" : s).getBytes(StandardCharsets.UTF_8);
    }
}
