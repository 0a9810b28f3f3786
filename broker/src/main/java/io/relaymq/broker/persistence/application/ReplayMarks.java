package io.relaymq.broker.persistence.application;

import io.relaymq.broker.kafka.RouteSource;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;

/**
 * Recognises copies routed again from {@code relaymq.msg.all} (after a router crash) in one APPLICATION
 * client's topic: one msg.all partition is routed in offset order and the client's copies are appended in
 * order, so a record whose source offset is at or below the highest seen for its partition is a copy.
 * The marks live in memory for the session on this node: a copy that arrives after the session moved to
 * another node, or after its original was read by an earlier session object, is not recognised.
 * Records without a source are never taken for copies. Records a stopped reader had read (so their sources are
 * marked) but that were not sent yet are read again by the next reader on this node: those stay originals
 * ({@link #unsent}).
 */
final class ReplayMarks {

    private final Map<Integer, Long> highest = new HashMap<>();
    /** Offsets in the client's topic of originals read but not sent when their reader stopped. */
    private final TreeSet<Long> readAgain = new TreeSet<>();

    /** The reader stopped before the records at these offsets of the client's topic, originals, were sent. */
    void unsent(Collection<Long> topicOffsets) {
        readAgain.addAll(topicOffsets);
    }

    /**
     * True when the record at {@code topicOffset} of the client's topic is a copy: its source was seen before and it
     * is not an original read again after its reader stopped.
     */
    boolean replayed(long topicOffset, RouteSource source) {
        if (readAgain.isEmpty()) {
            // the usual case, on every record delivered: nothing was rewound
            return replayed(source);
        }
        // the topic is read in order: offsets below this one will not come again
        readAgain.headSet(topicOffset).clear();
        if (readAgain.remove(topicOffset)) {
            return false;
        }
        return replayed(source);
    }

    /** True when {@code source} was seen before (or an offset after it from the same partition). */
    boolean replayed(RouteSource source) {
        if (source == null) {
            return false;
        }
        Long mark = highest.get(source.partition());
        if (mark != null && source.offset() <= mark) {
            return true;
        }
        highest.put(source.partition(), source.offset());
        return false;
    }
}
