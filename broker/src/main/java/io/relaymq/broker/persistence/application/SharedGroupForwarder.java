package io.relaymq.broker.persistence.application;

import io.relaymq.broker.cluster.OutboundMessageCodec;
import io.relaymq.broker.session.OutboundMessage;
import io.relaymq.broker.subscription.Subscription;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One APPLICATION client's share of one shared subscription: a member of the share name's consumer
 * group on the filter's topic ({@link AppTopicNames#forSharedFilter}). Kafka splits the topic's
 * partitions among the connected instances and gives a leaving instance's partitions to the others.
 * Each record moves into the member's own topic (at the subscription's QoS) and its offset is committed
 * only once that write is acknowledged, so nothing is lost between the two.
 */
final class SharedGroupForwarder implements Runnable {

    private static final Logger log = LoggerFactory.getLogger(SharedGroupForwarder.class);

    private final String clientId;
    private final Subscription subscription;
    private final String sharedTopic;
    private final Map<String, Object> config;
    private final Producer<byte[], byte[]> producer;
    private final Runnable ensureTopic;
    private final Restarts restarts;
    private final long subscribedAt = System.currentTimeMillis();
    private volatile boolean running = true;
    private volatile KafkaConsumer<byte[], byte[]> consumer;

    SharedGroupForwarder(
            String clientId,
            Subscription subscription,
            Map<String, Object> config,
            Producer<byte[], byte[]> producer,
            Runnable ensureTopic) {
        this.clientId = clientId;
        this.subscription = subscription;
        this.sharedTopic = AppTopicNames.forSharedFilter(subscription.filter().filter());
        this.config = config;
        this.producer = producer;
        this.ensureTopic = ensureTopic;
        this.restarts = new Restarts("[" + clientId + "] shared subscription "
                + subscription.filter().text());
    }

    Subscription subscription() {
        return subscription;
    }

    void stop() {
        running = false;
        KafkaConsumer<byte[], byte[]> c = consumer;
        if (c != null) {
            c.wakeup();
        }
        restarts.wake();
    }

    /**
     * Forwards until stopped. A failure closes the consumer (leaving the group, whose committed offsets hold
     * everything forwarded) and joins again after a pause that doubles up to {@link Restarts#MOST_PAUSE_MILLIS}.
     */
    @Override
    public void run() {
        restarts.run(() -> running, this::forwardUntilStopped);
    }

    /** How often the forwarder joined again after a failure. */
    int restarts() {
        return restarts.count();
    }

    private void forwardUntilStopped() {
        ensureTopic.run();
        try (KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(config)) {
            consumer = c;
            c.subscribe(List.of(sharedTopic), new ConsumerRebalanceListener() {
                @Override
                public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
                    // everything polled so far was forwarded and committed before the next poll
                }

                /**
                 * A group's first member starts at the time of its SUBSCRIBE, not at the end of the
                 * topic: what was routed to the group while its consumers joined is not skipped.
                 */
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
                    if (!fresh.isEmpty()) {
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
            });
            while (running) {
                ConsumerRecords<byte[], byte[]> records = c.poll(Duration.ofMillis(200));
                restarts.worked();
                forward(c, records);
            }
        } finally {
            consumer = null;
        }
    }

    /** Writes the batch to the member's topic, waits for Kafka, then commits the batch. */
    private void forward(KafkaConsumer<byte[], byte[]> c, ConsumerRecords<byte[], byte[]> records) {
        if (records.isEmpty()) {
            return;
        }
        String own = AppTopicNames.forClient(clientId);
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        Map<TopicPartition, Long> firsts = new HashMap<>();
        ArrayList<Future<RecordMetadata>> writes = new ArrayList<>(records.count());
        for (ConsumerRecord<byte[], byte[]> record : records) {
            OutboundMessage shared = OutboundMessageCodec.decode(record.value());
            int id = subscription.options().subscriptionId();
            OutboundMessage mine = new OutboundMessage(
                    shared.message(),
                    Math.min(shared.message().qos(), subscription.options().qos()),
                    false,
                    id > 0 ? List.of(id) : List.of());
            if (mine.qos() > 0) {
                writes.add(producer.send(new ProducerRecord<>(own, null, OutboundMessageCodec.encode(mine))));
            }
            TopicPartition tp = new TopicPartition(record.topic(), record.partition());
            firsts.putIfAbsent(tp, record.offset());
            offsets.put(tp, new OffsetAndMetadata(record.offset() + 1));
        }
        try {
            for (Future<RecordMetadata> write : writes) {
                write.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WakeupException();
        } catch (ExecutionException e) {
            // not committed: the group reads these records again
            log.warn(
                    "[{}] shared messages not moved to {}: {}",
                    clientId,
                    own,
                    e.getCause().getMessage());
            firsts.forEach(c::seek);
            return;
        }
        commit(c, offsets);
    }

    /**
     * Commits what the member's topic stored, trying a failed commit twice more: once the group moved on from
     * these offsets (a rebalance, a restart), their records are read and forwarded again (at least once).
     */
    private void commit(KafkaConsumer<byte[], byte[]> c, Map<TopicPartition, OffsetAndMetadata> offsets) {
        for (int attempt = 1; ; attempt++) {
            try {
                c.commitSync(offsets);
                return;
            } catch (RetriableException e) {
                if (attempt == 3) {
                    throw e;
                }
                log.debug("[{}] commit on {} failed, trying again: {}", clientId, sharedTopic, e.toString());
            }
        }
    }
}
