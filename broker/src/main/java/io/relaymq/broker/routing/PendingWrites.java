package io.relaymq.broker.routing;

import io.relaymq.broker.cluster.RemoteDelivery;
import io.relaymq.broker.kafka.ConsumerLoop;
import java.util.ArrayList;
import java.util.List;

/**
 * The Kafka writes that routing a {@code relaymq.msg.all} batch starts without waiting: messages for
 * persistent sessions ({@code relaymq.msg.persisted}, APPLICATION topics) and messages for clients of
 * other nodes (their downlink topics), and messages for integrations. The batch's offsets may be committed only once all of them are
 * acknowledged: {@link #route} waits for them and has the whole batch routed again when one failed
 * (at least once: subscribers whose writes succeeded may get the message twice).
 */
final class PendingWrites {

    private final PersistedSink persisted;
    private final RemoteDelivery remote;
    private final IntegrationSink integrations;

    PendingWrites(PersistedSink persisted, RemoteDelivery remote, IntegrationSink integrations) {
        this.persisted = persisted;
        this.remote = remote;
        this.integrations = integrations;
    }

    /**
     * Runs {@code routing}, then waits until every write it started was acknowledged or failed.
     *
     * @throws ConsumerLoop.RetryBatch when a write failed (possibly one of another thread's batch: that
     *                                 batch is routed again as well, never one too few)
     */
    void route(Runnable routing) {
        long persistedBefore = persisted.failures();
        long remoteBefore = remote.failures();
        long integrationsBefore = integrations.failures();
        routing.run();
        persisted.flush();
        remote.flush();
        integrations.flush();
        List<String> failed = new ArrayList<>(3);
        if (persisted.failures() != persistedBefore) {
            failed.add("messages for persistent sessions");
        }
        if (remote.failures() != remoteBefore) {
            failed.add("messages for clients of other nodes");
        }
        if (integrations.failures() != integrationsBefore) {
            failed.add("messages for integrations");
        }
        if (!failed.isEmpty()) {
            throw new ConsumerLoop.RetryBatch(String.join(" and ", failed) + " were not written to Kafka", null);
        }
    }
}
