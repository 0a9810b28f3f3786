package io.relaymq.broker.session;

/**
 * A message the persistent store keeps for a client, with the packet id the store assigned.
 *
 * @param packetId the packet id it is sent with
 * @param score    its place in the client's sequence (grows by one per stored message)
 * @param state    whether it was sent before or waits for PUBCOMP
 * @param message  the message ({@code null} for {@link State#RELEASED}: only PUBREL is sent)
 */
public record PersistedMessage(int packetId, long score, State state, OutboundMessage message) {

    /** Where the message stands towards the client. */
    public enum State {
        /** Not sent yet: PUBLISH with DUP clear; marked sent in the store as it goes out. */
        NEW,
        /**
         * Not sent yet, but stored as sent already (saved while its client was connected, to go straight out):
         * PUBLISH with DUP clear, and no mark to write.
         */
        MARKED,
        /** Sent before without acknowledgement: PUBLISH with DUP set ([MQTT-3.3.1-1]). */
        SENT,
        /** QoS 2 message the client received (PUBREC): PUBREL is sent ([MQTT-4.4.0-1]). */
        RELEASED
    }

    public PersistedMessage {
        if (state != State.RELEASED && message == null) {
            throw new IllegalArgumentException("a message to publish is required");
        }
    }
}
