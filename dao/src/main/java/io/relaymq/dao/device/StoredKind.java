package io.relaymq.dao.device;

/**
 * The state of one stored message, kept as the first byte of its Redis value (readable in redis-cli).
 */
public enum StoredKind {
    /** Never sent to the client: sent with DUP clear. */
    NEW((byte) 'N'),
    /** Sent at least once and not acknowledged: resent with DUP set ([MQTT-3.3.1-1]). */
    SENT((byte) 'S'),
    /** QoS 2 message the client received (PUBREC): only PUBREL is sent again ([MQTT-4.4.0-1]). */
    PUBREL((byte) 'R');

    private final byte marker;

    StoredKind(byte marker) {
        this.marker = marker;
    }

    public byte marker() {
        return marker;
    }

    public static StoredKind of(byte marker) {
        for (StoredKind kind : values()) {
            if (kind.marker == marker) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown stored message marker " + marker);
    }
}
