package io.relaymq.broker.persistence.application;

import io.relaymq.broker.kafka.RouteSource;
import java.util.HashMap;
import java.util.Map;

/**
 * Recognises copies routed again from {@code relaymq.msg.all} (after a router crash) in one APPLICATION
 * client's topic: one msg.all partition is routed in offset order and the client's copies are appended in
 * order, so a record whose source offset is at or below the highest seen for its partition is a copy.
 * The marks live in memory for the session on this node: a copy that arrives after the session moved to
 * another node, or after its original was read by an earlier session object, is not recognised.
 * Records without a source are never taken for copies.
 */
final class ReplayMarks {

    private final Map<Integer, Long> highest = new HashMap<>();

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
