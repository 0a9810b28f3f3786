package io.relaymq.broker.persistence.application;

import io.relaymq.broker.cluster.OutboundMessageCodec;
import io.relaymq.broker.kafka.Batch;
import io.relaymq.broker.kafka.BatchHandler;
import io.relaymq.broker.kafka.ConsumerLoop;
import io.relaymq.broker.kafka.LoopPlan;
import io.relaymq.broker.kafka.PollHooks;
import io.relaymq.broker.session.OutboundMessage;
import io.relaymq.broker.subscription.Subscription;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RetriableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One APPLICATION client's share of one shared subscription: a member of the share name's consumer group on the
 * filter's topic ({@link AppTopicNames#forSharedFilter}), run as a {@link ConsumerLoop} of its own. Kafka splits
 * the topic's partitions among the connected instances and gives a leaving instance's partitions to the others.
 * Each record moves into the member's own topic (at the subscription's QoS) and the batch is committed, waiting
 * for Kafka, only once those writes are acknowledged, so nothing is lost between the two. A record that cannot be
 * decoded, or that the member's topic keeps refusing, is parked on the dead-letter topic; a write that fails for
 * a passing reason makes the loop read the batch again (records already moved are then moved twice: at least
 * once). A failed loop leaves the group, whose committed offsets hold everything forwarded, and joins again after
 * its back-off.
 */
final class SharedGroupForwarder implements BatchHandler {

    private static final Logger log = LoggerFactory.getLogger(SharedGroupForwarder.class);

    private final String clientId;
    private final Subscription subscription;
    private final String sharedTopic;
    private final String ownTopic;
    private final Producer<byte[], byte[]> producer;
    private final long subscribedAt = System.currentTimeMillis();
    private volatile ConsumerLoop loop;

    SharedGroupForwarder(String clientId, Subscription subscription, Producer<byte[], byte[]> producer) {
        this.clientId = clientId;
        this.subscription = subscription;
        this.sharedTopic = AppTopicNames.forSharedFilter(subscription.filter().filter());
        this.ownTopic = AppTopicNames.forClient(clientId);
        this.producer = producer;
    }

    Subscription subscription() {
        return subscription;
    }

    /**
     * The loop that runs this forwarder.
     *
     * @param consumers creates the shared topic when missing and a consumer in the share's group, not yet
     *                  subscribed; called again after each failure
     */
    LoopPlan plan(Supplier<Consumer<byte[], byte[]>> consumers) {
        String name = "[" + clientId + "] shared subscription "
                + subscription.filter().text();
        Supplier<Consumer<byte[], byte[]>> subscribed = () -> {
            Consumer<byte[], byte[]> c = consumers.get();
            c.subscribe(List.of(sharedTopic), new StartAtSubscribe(c));
            return c;
        };
        return new LoopPlan(
                name,
                "app-shared-forwarder",
                subscribed,
                this,
                LoopPlan.Commits.AFTER_EACH_BATCH_AND_WAIT,
                PollHooks.NONE,
                false);
    }

    /** Starts {@code loop}, built from {@link #plan}. */
    void start(ConsumerLoop loop) {
        this.loop = loop;
        loop.start();
    }

    /** Stops forwarding without waiting; what was forwarded is committed before the consumer closes. */
    void stop() {
        ConsumerLoop l = loop;
        if (l != null) {
            l.requestStop();
        }
    }

    /** How often the forwarder joined again after a failure. */
    int restarts() {
        ConsumerLoop l = loop;
        return l == null ? 0 : l.restarts();
    }

    /** Writes the batch to the member's topic and waits for Kafka; the loop then commits the batch. */
    @Override
    public void handle(Batch batch) throws InterruptedException {
        List<ConsumerRecord<byte[], byte[]>> sent = new ArrayList<>(batch.count());
        List<Future<RecordMetadata>> writes = new ArrayList<>(batch.count());
        for (ConsumerRecord<byte[], byte[]> record : batch.records()) {
            batch.attempt(record, this::forMember).ifPresent(mine -> {
                sent.add(record);
                writes.add(producer.send(new ProducerRecord<>(ownTopic, null, OutboundMessageCodec.encode(mine))));
            });
        }
        for (int i = 0; i < writes.size(); i++) {
            try {
                writes.get(i).get();
            } catch (ExecutionException e) {
                if (e.getCause() instanceof RetriableException) {
                    throw new ConsumerLoop.RetryBatch("shared messages not moved to " + ownTopic, e.getCause());
                }
                batch.attempt(sent.get(i), this::writeAndWait);
            }
        }
    }

    /** The shared record as this member receives it; {@code null} when there is nothing to forward (QoS 0). */
    private OutboundMessage forMember(ConsumerRecord<byte[], byte[]> record) {
        OutboundMessage shared = OutboundMessageCodec.decode(record.value());
        int id = subscription.options().subscriptionId();
        OutboundMessage mine = new OutboundMessage(
                shared.message(),
                Math.min(shared.message().qos(), subscription.options().qos()),
                false,
                id > 0 ? List.of(id) : List.of());
        return mine.qos() > 0 ? mine : null;
    }

    /** One record again, on its own: a record the member's topic still refuses is parked by the batch. */
    private RecordMetadata writeAndWait(ConsumerRecord<byte[], byte[]> record) throws Exception {
        OutboundMessage mine = forMember(record);
        return producer.send(new ProducerRecord<>(ownTopic, null, OutboundMessageCodec.encode(mine)))
                .get();
    }

    /**
     * A group's first member starts at the time of its SUBSCRIBE, not at the end of the topic: what was routed to
     * the group while its consumers joined is not skipped.
     */
    private final class StartAtSubscribe implements ConsumerRebalanceListener {

        private final Consumer<byte[], byte[]> c;

        StartAtSubscribe(Consumer<byte[], byte[]> c) {
            this.c = c;
        }

        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
            // every batch polled so far was forwarded and committed before the next poll
        }

        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
            log.debug("[{}] shares partitions {} of {}", clientId, partitions, sharedTopic);
            Map<TopicPartition, OffsetAndMetadata> committed = c.committed(new HashSet<>(partitions));
            Map<TopicPartition, Long> fresh = new HashMap<>();
            for (TopicPartition tp : partitions) {
                if (committed.get(tp) == null) {
                    fresh.put(tp, subscribedAt);
                }
            }
            if (fresh.isEmpty()) {
                return;
            }
            c.offsetsForTimes(fresh).forEach((tp, found) -> {
                if (found != null) {
                    c.seek(tp, found.offset());
                } else {
                    c.seekToEnd(List.of(tp));
                }
            });
            // from now on the group has a position on every partition, kept while members are away
            Map<TopicPartition, OffsetAndMetadata> start = new HashMap<>();
            fresh.keySet().forEach(tp -> start.put(tp, new OffsetAndMetadata(c.position(tp))));
            c.commitSync(start);
        }
    }
}
