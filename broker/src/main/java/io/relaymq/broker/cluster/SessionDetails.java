package io.relaymq.broker.cluster;

import io.netty.handler.codec.mqtt.MqttVersion;
import io.relaymq.common.client.ClientType;
import io.relaymq.common.wire.SessionDetailsRecord;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What the cluster records about a session besides its owner node: the client's type and address, its
 * MQTT version and clean start flag, when it last connected and disconnected (epoch millis, 0 = not
 * yet), the principal that created it ({@code <method>:<id>}, see {@code ClientGrant#principal()};
 * empty for sessions recorded before principals were: unowned), the keep alive of its last
 * connection in seconds (0 for none, and for sessions recorded before it was), and the session id of its
 * last connection: a random UUID chosen when that CONNECT was accepted (empty for sessions recorded
 * before it was). A disconnected session keeps the id of the connection it last had.
 */
public record SessionDetails(
        String clientType,
        String clientIp,
        String protocolVersion,
        boolean cleanStart,
        long connectedAt,
        long disconnectedAt,
        String principal,
        int keepAliveSeconds,
        String sessionId) {

    /**
     * The client types and protocol versions, one instance each: every node keeps the details of every session of
     * the cluster, decoded from the sessions topic, and a copy of these strings per session was about 100 bytes.
     */
    private static final Map<String, String> SHARED = Stream.concat(
                    Arrays.stream(ClientType.values()).map(ClientType::name),
                    Arrays.stream(MqttVersion.values()).map(MqttVersion::name))
            .collect(Collectors.toUnmodifiableMap(Function.identity(), Function.identity()));

    /** Details of sessions recorded before details existed. */
    public static final SessionDetails UNKNOWN = new SessionDetails("DEVICE", "", "", false, 0, 0);

    public SessionDetails {
        principal = principal == null ? "" : principal;
        sessionId = sessionId == null ? "" : sessionId;
        clientType = shared(clientType);
        protocolVersion = shared(protocolVersion);
    }

    private static String shared(String value) {
        return value == null ? null : SHARED.getOrDefault(value, value);
    }

    /** Details without a session id. */
    public SessionDetails(
            String clientType,
            String clientIp,
            String protocolVersion,
            boolean cleanStart,
            long connectedAt,
            long disconnectedAt,
            String principal,
            int keepAliveSeconds) {
        this(
                clientType,
                clientIp,
                protocolVersion,
                cleanStart,
                connectedAt,
                disconnectedAt,
                principal,
                keepAliveSeconds,
                "");
    }

    /** Details without a keep alive. */
    public SessionDetails(
            String clientType,
            String clientIp,
            String protocolVersion,
            boolean cleanStart,
            long connectedAt,
            long disconnectedAt,
            String principal) {
        this(clientType, clientIp, protocolVersion, cleanStart, connectedAt, disconnectedAt, principal, 0);
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
        return new SessionDetails(
                clientType,
                clientIp,
                protocolVersion,
                cleanStart,
                connectedAt,
                millis,
                principal,
                keepAliveSeconds,
                sessionId);
    }

    SessionDetailsRecord toRecord() {
        return SessionDetailsRecord.newBuilder()
                .setClientType(nonNull(clientType))
                .setClientIp(nonNull(clientIp))
                .setProtocolVersion(nonNull(protocolVersion))
                .setCleanStart(cleanStart)
                .setConnectedAt(connectedAt)
                .setDisconnectedAt(disconnectedAt)
                .setPrincipal(principal)
                .setKeepAliveSeconds(keepAliveSeconds)
                .setSessionId(sessionId)
                .build();
    }

    static SessionDetails fromRecord(SessionDetailsRecord r) {
        return new SessionDetails(
                r.getClientType(),
                r.getClientIp(),
                r.getProtocolVersion(),
                r.getCleanStart(),
                r.getConnectedAt(),
                r.getDisconnectedAt(),
                r.getPrincipal(),
                r.getKeepAliveSeconds(),
                r.getSessionId());
    }

    /**
     * Details as written before the wire schema.
     *
     * @param withPrincipal false for records written before the principal was recorded
     */
    static SessionDetails readFrom(ByteBuffer in, boolean withPrincipal) {
        return new SessionDetails(
                get(in), get(in), get(in), in.get() == 1, in.getLong(), in.getLong(), withPrincipal ? get(in) : "");
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

    private static String nonNull(String s) {
        return s == null ? "" : s;
    }
}
