package io.relaymq.integration.executor;

import io.relaymq.integration.model.IntegrationMessage;
import io.relaymq.integration.model.IntegrationRecords;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The poll thread of the messages topic. It hands each record to its integration's lane and never waits for
 * a delivery: it keeps polling (so the group keeps it) and pauses a partition only while more than
 * {@code maxBuffered} of its records are unfinished. After every poll it commits, per partition, the offset
 * below which every record is finished. On revocation no new attempt starts on the partition's records, the
 * attempts in progress get up to {@code revokeWait} to end, then the finished offset is committed and the rest
 * abandoned (the next owner reads it again). On shutdown the finished offset is committed at once and the rest
 * abandoned.
 */
final class DeliveryLoop implements Runnable {

    private static final Logger log = LoggerFactory.getLogger(DeliveryLoop.class);
    private static final Duration POLL = Duration.ofMillis(100);

    private final Supplier<Consumer<byte[], byte[]>> consumers;
    private final Backoff backoff = new Backoff(Backoff.FIRST, Backoff.MAX);
    private final CountDownLatch stopped = new CountDownLatch(1);
    private volatile Consumer<byte[], byte[]> consumer;
    private final String topic;
    private final Lanes lanes;
    private final int maxBuffered;
    private final Duration revokeWait;
    private final Map<TopicPartition, PartitionProgress> partitions = new HashMap<>();
    private final Set<TopicPartition> paused = new HashSet<>();
    private volatile boolean running = true;

    /** @param consumers makes the loop's consumer; called again for a new one after an unexpected failure */
    DeliveryLoop(
            Supplier<Consumer<byte[], byte[]>> consumers,
            String topic,
            Lanes lanes,
            int maxBuffered,
            Duration revokeWait) {
        this.consumers = consumers;
        this.topic = topic;
        this.lanes = lanes;
        this.maxBuffered = maxBuffered;
        this.revokeWait = revokeWait;
    }

    /**
     * Polls until stopped. An unexpected failure (Kafka unreachable for longer than a call's timeout, …) is
     * logged and the consumer closed: its partitions are given up as in a revocation (what is finished is
     * committed if Kafka lets it, nothing past an unfinished record), and after a back-off a new consumer joins
     * the group; the records not committed are read again (at least once).
     */
    @Override
    public void run() {
        try {
            while (running) {
                Consumer<byte[], byte[]> c = consumers.get();
                consumer = c;
                try {
                    c.subscribe(List.of(topic), new Rebalance());
                    poll(c);
                    return;
                } catch (WakeupException e) {
                    if (!running) {
                        return;
                    }
                    log.error("integration delivery loop woken up while running; starting a new consumer", e);
                } catch (RuntimeException e) {
                    log.error("integration delivery loop failed; a new consumer takes over after a back-off", e);
                }
                giveUp(c);
                if (!backoff.pause(stopped)) {
                    return;
                }
            }
        } finally {
            lanes.stop();
            Consumer<byte[], byte[]> c = consumer;
            if (c != null) {
                try {
                    commit(c, partitions.values());
                } catch (RuntimeException e) {
                    log.warn("last commit of the integration delivery loop failed: {}", e.toString());
                }
                partitions.values().forEach(PartitionProgress::revoke);
                closeQuietly(c);
            }
        }
    }

    private void poll(Consumer<byte[], byte[]> c) {
        while (running) {
            for (ConsumerRecord<byte[], byte[]> record : c.poll(POLL)) {
                take(record);
            }
            flowControl(c);
            try {
                commit(c, partitions.values());
            } catch (WakeupException e) {
                throw e;
            } catch (KafkaException e) {
                log.warn(
                        "commit of integration message offsets failed (tried again after the next poll): {}",
                        e.toString());
            }
            lanes.purgeIdle();
            backoff.reset();
        }
    }

    /**
     * After a failure: closing the consumer revokes its partitions through {@link Rebalance} (attempts in
     * progress get {@code revokeWait}, the finished offset is committed if Kafka answers); whatever is left is
     * forgotten here, so the lanes abandon those records and the next consumer reads them again.
     */
    private void giveUp(Consumer<byte[], byte[]> c) {
        closeQuietly(c);
        List<TopicPartition> left = List.copyOf(partitions.keySet());
        left.forEach(tp -> partitions.get(tp).revoke());
        partitions.clear();
        paused.clear();
        consumer = null;
    }

    private static void closeQuietly(Consumer<byte[], byte[]> c) {
        try {
            c.close(Duration.ofSeconds(5));
        } catch (RuntimeException e) {
            log.warn("integration messages consumer not closed cleanly: {}", e.toString());
        }
    }

    /** Stops polling; the loop commits what is finished and closes the consumer on its thread. */
    void stop() {
        running = false;
        stopped.countDown();
        Consumer<byte[], byte[]> c = consumer;
        if (c != null) {
            c.wakeup();
        }
    }

    private void take(ConsumerRecord<byte[], byte[]> record) {
        TopicPartition tp = new TopicPartition(record.topic(), record.partition());
        PartitionProgress progress = partitions.computeIfAbsent(tp, PartitionProgress::new);
        progress.read(record.offset());
        IntegrationMessage message = null;
        String error = null;
        try {
            message = IntegrationRecords.message(record.key(), record.value());
        } catch (RuntimeException e) {
            error = e.toString();
        }
        lanes.offer(new Pending(record, message, error, progress, System.nanoTime()));
    }

    private void flowControl(Consumer<byte[], byte[]> consumer) {
        for (PartitionProgress p : partitions.values()) {
            int unfinished = p.unfinishedCount();
            if (unfinished > maxBuffered && paused.add(p.partition())) {
                consumer.pause(List.of(p.partition()));
            } else if (unfinished <= maxBuffered / 2 && paused.remove(p.partition())) {
                consumer.resume(List.of(p.partition()));
            }
        }
    }

    private void commit(Consumer<byte[], byte[]> consumer, Collection<PartitionProgress> progress) {
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        Map<TopicPartition, Long> raw = new HashMap<>();
        for (PartitionProgress p : progress) {
            long offset = p.toCommit();
            if (offset >= 0) {
                offsets.put(p.partition(), new OffsetAndMetadata(offset));
                raw.put(p.partition(), offset);
            }
        }
        if (offsets.isEmpty()) {
            return;
        }
        consumer.commitSync(offsets);
        for (PartitionProgress p : progress) {
            Long offset = raw.get(p.partition());
            if (offset != null) {
                p.committed(offset);
            }
        }
    }

    private final class Rebalance implements ConsumerRebalanceListener {
        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> revoked) {
            List<PartitionProgress> leaving =
                    revoked.stream().map(partitions::get).filter(p -> p != null).toList();
            leaving.forEach(PartitionProgress::revoke);
            lanes.awaitAttempts(leaving, revokeWait);
            try {
                commit(consumer, leaving);
            } catch (KafkaException e) {
                log.warn("commit on revocation of {} failed: {}", revoked, e.toString());
            }
            forget(revoked);
        }

        @Override
        public void onPartitionsLost(Collection<TopicPartition> lost) {
            forget(lost);
        }

        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> assigned) {
            log.info("integration messages: assigned {}", assigned);
        }

        private void forget(Collection<TopicPartition> gone) {
            for (TopicPartition tp : gone) {
                PartitionProgress p = partitions.remove(tp);
                if (p != null) {
                    p.revoke();
                }
                paused.remove(tp);
            }
        }
    }
}
