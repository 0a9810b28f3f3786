package io.relaymq.broker.cluster;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * What the cluster records about a session besides its owner, for operators: the client's type and
 * address, its MQTT version and clean start flag, and when it last connected and disconnected
 * (epoch millis, 0 = not yet).
 */
public record SessionDetails(String clientType, String clientIp, String protocolVersion, boolean cleanStart,
                             long connectedAt, long disconnectedAt) {

    /** Details of sessions recorded before details existed. */
    public static final SessionDetails UNKNOWN = new SessionDetails("DEVICE", "", "", false, 0, 0);

    public SessionDetails withDisconnectedAt(long millis) {
        return new SessionDetails(clientType, clientIp, protocolVersion, cleanStart, connectedAt, millis);
    }

    void writeTo(ByteBuffer out) {
        put(out, clientType);
        put(out, clientIp);
        put(out, protocolVersion);
        out.put((byte) (cleanStart ? 1 : 0)).putLong(connectedAt).putLong(disconnectedAt);
    }

    int size() {
        return 12 + utf8(clientType).length + utf8(clientIp).length + utf8(protocolVersion).length + 1 + 16;
    }

    static SessionDetails readFrom(ByteBuffer in) {
        return new SessionDetails(get(in), get(in), get(in), in.get() == 1, in.getLong(), in.getLong());
    }

    private static void put(ByteBuffer out, String s) {
        byte[] b = utf8(s);
        out.putInt(b.length).put(b);
    }

    private static String get(ByteBuffer in) {
        byte[] b = new byte[in.getInt()];
        in.get(b);
        return new String(b, StandardCharsets.UTF_8);
    }

    private static byte[] utf8(String s) {
        return (s == null ? "" : s).getBytes(StandardCharsets.UTF_8);
    }
}
