package io.relaymq.broker.persistence.application;

import io.relaymq.dao.appsession.ApplicationSessionCtx;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a saved context says about records of an APPLICATION session's topic that this node has not seen again
 * yet: those sent with a packet id and awaiting PUBACK/PUBREC (sent again with that id), those awaiting PUBCOMP
 * (PUBREL again), and the offset below which every record had been sent, so that a record below it the context
 * does not list was completed (never sent again). Also the mark of this node's own sending, saved with the next
 * context. Used on the session's thread.
 */
final class RestoredContext {

    private final Map<Long, Integer> publishes = new HashMap<>();
    private final Map<Long, Integer> pubrels = new HashMap<>();
    private long restoredSentBelow = -1;
    private long sentBelow = -1;

    void restore(ApplicationSessionCtx ctx) {
        ctx.publishes().forEach(s -> publishes.put(s.offset(), s.packetId()));
        ctx.pubrels().forEach(s -> pubrels.put(s.offset(), s.packetId()));
        restoredSentBelow = ctx.sentBelow();
        sentBelow = Math.max(sentBelow, ctx.sentBelow());
    }

    /** Whether the record at {@code offset} is one the context lists (awaiting an acknowledgement). */
    boolean lists(long offset) {
        return publishes.containsKey(offset) || pubrels.containsKey(offset);
    }

    /** Whether the record at {@code offset} was completed before the context was saved. */
    boolean completed(long offset) {
        return offset < restoredSentBelow && !lists(offset);
    }

    /** The packet id the record at {@code offset} went out with, awaiting PUBACK/PUBREC; null if none. */
    Integer publish(long offset) {
        return publishes.get(offset);
    }

    /** The record at {@code offset} is sent now (again, or for the first time). */
    void sent(long offset) {
        publishes.remove(offset);
        sentBelow = Math.max(sentBelow, offset + 1);
    }

    /** The packet id of the record at {@code offset} that awaits PUBCOMP, taken; null if none. */
    Integer takePubrel(long offset) {
        return pubrels.remove(offset);
    }

    /**
     * Records below the first offset a reader returns (it starts at the committed offset) were completed: their ids
     * are free. Not for later batches: a record of an earlier one may still wait to be sent.
     */
    void forgetBefore(long firstOffset) {
        publishes.keySet().removeIf(offset -> offset < firstOffset);
        pubrels.keySet().removeIf(offset -> offset < firstOffset);
    }

    /** Whether a packet id is still reserved for a record not seen again yet. */
    boolean reserves(int packetId) {
        return publishes.containsValue(packetId) || pubrels.containsValue(packetId);
    }

    /** Adds what is not seen again yet to the lists of a context to save; the mark to save with them. */
    long addTo(List<ApplicationSessionCtx.Sent> publishing, List<ApplicationSessionCtx.Sent> releasing) {
        publishes.forEach((offset, packetId) -> publishing.add(new ApplicationSessionCtx.Sent(offset, packetId)));
        pubrels.forEach((offset, packetId) -> releasing.add(new ApplicationSessionCtx.Sent(offset, packetId)));
        return sentBelow;
    }

    void clear() {
        publishes.clear();
        pubrels.clear();
        restoredSentBelow = -1;
        sentBelow = -1;
    }
}
