package io.relaymq.broker.persistence.application;

import io.relaymq.broker.kafka.RouteSource;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads one APPLICATION client's topic on a thread of its own while the client is connected: from the
 * committed offset (or the end, for a new session), at most {@code rate} records per second, pausing while
 * the records read ahead ({@code buffered}) reach their count or byte bound, waiting for the client's window. Offsets are committed only when the session
 * says everything before them is acknowledged ({@link #commit}).
 */
final class AppTopicReader implements Runnable {

    private static final Logger log = LoggerFactory.getLogger(AppTopicReader.class);

    /** One record for the session: its offset, value and msg.all source ({@code null} when it has none). */
    record Record(long offset, byte[] value, RouteSource source) {

        Record(long offset, byte[] value) {
            this(offset, value, null);
        }

        static long size(byte[] value) {
            return value == null ? 0 : value.length;
        }

        long size() {
            return size(value);
        }
    }

    private final String clientId;
    private final TopicPartition partition;
    private final Map<String, Object> config;
    private final boolean startAtEnd;
    private final int rate;
    private final ReadAhead buffered;
    private final Consumer<List<Record>> sink;
    private final Runnable ensureTopic;
    private final Restarts restarts;
    private volatile boolean running = true;
    private volatile long commitRequest = -1;
    private volatile KafkaConsumer<byte[], byte[]> consumer;
    /** The first offset not yet handed to the session; -1 until the reader found its start. */
    private long next = -1;

    private long committed = -1;
    private long nextAllowedNanos;

    /**
     * @param config      consumer settings (group id = where the committed offset lives)
     * @param startAtEnd  a new session: what the topic holds is not for it
     * @param ensureTopic creates the topic if it does not exist yet (runs on this reader's thread)
     */
    AppTopicReader(
            String clientId,
            String topic,
            Map<String, Object> config,
            boolean startAtEnd,
            int rate,
            ReadAhead buffered,
            Consumer<List<Record>> sink,
            Runnable ensureTopic) {
        this.clientId = clientId;
        this.partition = new TopicPartition(topic, 0);
        this.config = config;
        this.startAtEnd = startAtEnd;
        this.rate = rate;
        this.buffered = buffered;
        this.sink = sink;
        this.ensureTopic = ensureTopic;
        this.restarts = new Restarts("[" + clientId + "] reading " + topic);
    }

    /** Asks the reader to commit {@code offset} (the first record not yet acknowledged). */
    void commit(long offset) {
        commitRequest = offset;
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
     * Reads until stopped. A failure (Kafka away while the topic is created or the position read, a poll or
     * commit that throws) closes the consumer and starts it again after a pause that doubles up to
     * {@link Restarts#MOST_PAUSE_MILLIS}, at the first record not yet handed to the session: nothing is skipped, and
     * nothing the session already holds is handed to it twice.
     */
    @Override
    public void run() {
        restarts.run(() -> running, this::readUntilStopped);
    }

    /** How often the reader started again after a failure. */
    int restarts() {
        return restarts.count();
    }

    private void readUntilStopped() {
        ensureTopic.run();
        try (KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(config)) {
            consumer = c;
            if (!running) {
                return;
            }
            try {
                c.assign(List.of(partition));
                if (next < 0) {
                    position(c);
                } else {
                    c.seek(partition, next);
                }
                while (running) {
                    readOnce(c);
                }
            } catch (WakeupException e) {
                if (running) {
                    throw e;
                }
            } finally {
                commitLast(c);
                consumer = null;
            }
        }
    }

    /** The last acknowledged position, committed before the consumer closes (a late wakeup is retried once). */
    private void commitLast(KafkaConsumer<byte[], byte[]> c) {
        for (int attempt = 0; attempt < 2; attempt++) {
            try {
                commitNow(c, true);
                return;
            } catch (WakeupException e) {
                // stop() woke the consumer while it committed: try again
            } catch (RuntimeException e) {
                log.warn("[{}] last commit on {} failed: {}", clientId, partition.topic(), e.getMessage());
                return;
            }
        }
    }

    private void position(KafkaConsumer<byte[], byte[]> c) {
        if (startAtEnd) {
            c.seekToEnd(List.of(partition));
            // known before the commit: a start again after a failed commit must not seek to a later end
            next = c.position(partition);
            commitRequest = next;
            commitNow(c, true);
            return;
        }
        OffsetAndMetadata stored = c.committed(Set.of(partition)).get(partition);
        if (stored == null) {
            c.seekToBeginning(List.of(partition));
        } else {
            c.seek(partition, stored.offset());
            committed = stored.offset();
        }
        next = c.position(partition);
    }

    private void readOnce(KafkaConsumer<byte[], byte[]> c) {
        commitNow(c, false);
        if (buffered.full()) {
            c.pause(List.of(partition));
        } else {
            c.resume(List.of(partition));
        }
        ConsumerRecords<byte[], byte[]> records = c.poll(Duration.ofMillis(100));
        restarts.worked();
        if (records.isEmpty()) {
            return;
        }
        List<Record> batch = new ArrayList<>(records.count());
        long bytes = 0;
        for (ConsumerRecord<byte[], byte[]> r : records) {
            batch.add(new Record(r.offset(), r.value(), RouteSource.from(r.headers())));
            bytes += Record.size(r.value());
        }
        throttle(batch.size());
        buffered.added(batch.size(), bytes);
        sink.accept(batch);
        next = batch.get(batch.size() - 1).offset() + 1;
    }

    /** Spaces batches so that at most {@code rate} records per second go to the session. */
    private void throttle(int records) {
        if (rate <= 0) {
            return;
        }
        long now = System.nanoTime();
        if (nextAllowedNanos - now > 0) {
            LockSupport.parkNanos(nextAllowedNanos - now);
        }
        nextAllowedNanos = Math.max(nextAllowedNanos, now) + records * 1_000_000_000L / rate;
    }

    private void commitNow(KafkaConsumer<byte[], byte[]> c, boolean sync) {
        long request = commitRequest;
        if (request <= committed) {
            return;
        }
        Map<TopicPartition, OffsetAndMetadata> offsets = Map.of(partition, new OffsetAndMetadata(request));
        if (sync) {
            c.commitSync(offsets);
        } else {
            c.commitAsync(offsets, (o, error) -> {
                if (error != null) {
                    log.debug("[{}] commit of {} failed: {}", clientId, request, error.getMessage());
                }
            });
        }
        committed = request;
    }
}
