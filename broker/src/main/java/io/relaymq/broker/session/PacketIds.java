package io.relaymq.broker.session;

import java.util.function.IntPredicate;

/**
 * Packet ids of one session's outbound QoS 1/2 messages: 1..65535 in turn, skipping ids still in use
 * ([MQTT-2.2.1-3]). Used from the session's thread only.
 */
public final class PacketIds {

    private int last;

    /** The next id not in use; fails when all 65535 are. */
    public int next(IntPredicate inUse) {
        for (int attempt = 0; attempt < 65535; attempt++) {
            last = last == 65535 ? 1 : last + 1;
            if (!inUse.test(last)) {
                return last;
            }
        }
        throw new IllegalStateException("all 65535 packet ids are in flight");
    }
}
