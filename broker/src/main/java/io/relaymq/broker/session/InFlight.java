package io.relaymq.broker.session;

/** A QoS 1/2 message sent to the client and not yet fully acknowledged. */
final class InFlight {

    /** Where the QoS flow stands. */
    enum Stage {
        AWAITING_PUBACK,
        AWAITING_PUBREC,
        AWAITING_PUBCOMP
    }

    final int packetId;
    final OutboundMessage message;
    Stage stage;

    InFlight(int packetId, OutboundMessage message) {
        this.packetId = packetId;
        this.message = message;
        this.stage = message.qos() == 1 ? Stage.AWAITING_PUBACK : Stage.AWAITING_PUBREC;
    }
}
