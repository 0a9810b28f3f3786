package io.relaymq.perf.scenario;

import io.relaymq.perf.traffic.Expectations;
import java.util.List;

/**
 * The clients of a traffic scenario and who must receive whom.
 *
 * @param publishers  publishing clients; a publisher's index is its place in this list
 * @param subscribers subscribing clients, each feeding one receiver
 * @param receiverCount how many receivers there are (a shared group is one receiver)
 * @param rule        whether receiver r must get publisher p's messages
 */
public record Plan(List<Publisher> publishers, List<Subscriber> subscribers, int receiverCount, Rule rule)
        implements Expectations {

    public Plan {
        publishers = List.copyOf(publishers);
        subscribers = List.copyOf(subscribers);
    }

    @Override
    public int publisherCount() {
        return publishers.size();
    }

    @Override
    public boolean expects(int receiver, int publisher) {
        return rule.expects(receiver, publisher);
    }

    /** A publishing client and its topic. */
    public record Publisher(String clientId, String topic) {}

    /**
     * A subscribing client.
     *
     * @param application connects as an APPLICATION client (the user name of that kind, when auth is on)
     */
    public record Subscriber(String clientId, String filter, int receiver, boolean application) {}

    /** Receiver-to-publisher expectation. */
    @FunctionalInterface
    public interface Rule {
        boolean expects(int receiver, int publisher);
    }
}
