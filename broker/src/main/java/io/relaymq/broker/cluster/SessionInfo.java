package io.relaymq.broker.cluster;

import io.relaymq.common.wire.SessionRecord;
import io.relaymq.common.wire.Wire;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The cluster-wide view of one client's session: the value of a {@code relaymq.client.session} record
 * (key = client id; tombstone when the session ends, with the generation it ended in as header
 * {@value #GENERATION_HEADER}).
 *
 * @param ownerNode      the node the session lives on
 * @param connected      whether a connection is attached to it
 * @param expirySeconds  its session expiry interval (0 = ends with the connection)
 * @param details        client type, address, version and connect times, and the principal that owns the
 *                       session (records from before version 3 decode as unowned)
 * @param generation     the ownership version granted to the connect this record belongs to: it grows
 *                       with every connect of the client id anywhere in the cluster (records from before
 *                       version 4 decode as 0 = unordered, and such a record replaces any other)
 */
public record SessionInfo(
        String ownerNode, boolean connected, long expirySeconds, SessionDetails details, long generation) {

    /** Record header of a session tombstone: the generation that ended (8 bytes, big-endian). */
    public static final String GENERATION_HEADER = "relaymq-generation";

    // versions before the wire schema: 1 without details; 2 added the details, without the session's
    // principal; 3 the principal; 4 the generation
    private static final byte VERSION_1 = 1;
    private static final byte VERSION_3 = 3;
    private static final byte VERSION_4 = 4;

    /** A record without a generation (as written before version 4). */
    public SessionInfo(String ownerNode, boolean connected, long expirySeconds, SessionDetails details) {
        this(ownerNode, connected, expirySeconds, details, 0);
    }

    public boolean isPersistent() {
        return expirySeconds > 0;
    }

    /**
     * Whether this record is older than {@code held} and must not replace it: it belongs to an earlier
     * connect, or to the same connect but says "connected" where {@code held} already says the connection
     * ended (within one generation a connection only ends). Records without a generation are never stale
     * (last writer wins, as before version 4).
     */
    public boolean isStaleAgainst(SessionInfo held) {
        if (held == null || generation == 0) {
            return false;
        }
        if (generation != held.generation) {
            return generation < held.generation;
        }
        return connected && !held.connected;
    }

    public byte[] encode() {
        return Wire.frame(SessionRecord.newBuilder()
                .setOwnerNode(ownerNode)
                .setConnected(connected)
                .setExpirySeconds(expirySeconds)
                .setDetails(details.toRecord())
                .setGeneration(generation)
                .build());
    }

    public static SessionInfo decode(byte[] value) {
        if (Wire.isFramed(value)) {
            SessionRecord r = Wire.unframe(value, SessionRecord.parser(), "session");
            return new SessionInfo(
                    // one instance per node id: every session of the cluster names one of a few nodes
                    r.getOwnerNode().intern(),
                    r.getConnected(),
                    r.getExpirySeconds(),
                    SessionDetails.fromRecord(r.getDetails()),
                    r.getGeneration());
        }
        try {
            return decodeBeforeSchema(ByteBuffer.wrap(value));
        } catch (BufferUnderflowException | NegativeArraySizeException e) {
            throw new IllegalArgumentException("truncated session record", e);
        }
    }

    private static SessionInfo decodeBeforeSchema(ByteBuffer in) {
        byte version = in.get();
        if (version < VERSION_1 || version > VERSION_4) {
            throw new IllegalArgumentException("unknown session record version");
        }
        int length = in.getInt();
        if (length < 0 || length > in.remaining()) {
            throw new IllegalArgumentException("bad owner length in session record");
        }
        byte[] owner = new byte[length];
        in.get(owner);
        String ownerNode = new String(owner, StandardCharsets.UTF_8).intern();
        boolean connected = in.get() == 1;
        long expiry = in.getLong();
        SessionDetails details =
                version == VERSION_1 ? SessionDetails.UNKNOWN : SessionDetails.readFrom(in, version >= VERSION_3);
        return new SessionInfo(ownerNode, connected, expiry, details, version == VERSION_4 ? in.getLong() : 0);
    }

    /** The generation header of a tombstone. */
    public static byte[] generationHeader(long generation) {
        return ByteBuffer.allocate(8).putLong(generation).array();
    }

    /** The generation a tombstone carries (0 when written before version 4). */
    public static long generationOf(byte[] header) {
        return header == null || header.length != 8
                ? 0
                : ByteBuffer.wrap(header).getLong();
    }
}
