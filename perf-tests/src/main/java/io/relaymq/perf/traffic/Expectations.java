package io.relaymq.perf.traffic;

/**
 * Which receivers must get which publishers' messages. A receiver is one subscriber, or a whole shared
 * subscription group (any member may get a message; the group as a whole must get it once).
 */
public interface Expectations {

    int publisherCount();

    int receiverCount();

    boolean expects(int receiver, int publisher);
}
