package io.relaymq.broker.persistence.application;

import io.relaymq.broker.kafka.Batch;
import io.relaymq.broker.kafka.BatchHandler;
import io.relaymq.broker.kafka.ConsumerLoop;
import io.relaymq.broker.kafka.LoopPlan;
import io.relaymq.broker.kafka.PollHooks;
import io.relaymq.broker.kafka.RouteSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads one APPLICATION client's topic while the client is connected, as a {@link ConsumerLoop} of its own: from
 * the committed offset (or the end, for a new session), at most {@code rate} records per second, pausing while
 * the records read ahead ({@code buffered}) reach their count or byte bound, waiting for the client's window.
 * Offsets are committed only when the session says everything before them is acknowledged ({@link #commit}).
 * <p>
 * A failure (Kafka away while the topic is created or the position read, a poll or commit that throws) closes
 * the consumer and the loop starts a new one after its back-off, at the first record not yet handed to the
 * session: nothing is skipped, and nothing the session already holds is handed to it twice.
 */
final class AppTopicReader implements PollHooks, BatchHandler {

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

    /** Where the records read go: the session, which takes them on its own thread. */
    @FunctionalInterface
    interface Sink {
        void accept(List<Record> records);
    }

    private final String clientId;
    private final TopicPartition partition;
    private final boolean startAtEnd;
    private final int rate;
    private final ReadAhead buffered;
    private final Sink sink;
    private volatile long commitRequest = -1;
    private volatile ConsumerLoop loop;
    /** The first offset not yet handed to the session; -1 until the reader found its start. */
    private long next = -1;

    private long committed = -1;
    private long nextAllowedNanos;

    /** @param startAtEnd a new session: what the topic holds is not for it */
    AppTopicReader(String clientId, String topic, boolean startAtEnd, int rate, ReadAhead buffered, Sink sink) {
        this.clientId = clientId;
        this.partition = new TopicPartition(topic, 0);
        this.startAtEnd = startAtEnd;
        this.rate = rate;
        this.buffered = buffered;
        this.sink = sink;
    }

    /**
     * The loop that runs this reader.
     *
     * @param consumers creates the topic when missing and a consumer in the client's group (where its committed
     *                  offset lives); called again after each failure
     */
    LoopPlan plan(Supplier<Consumer<byte[], byte[]>> consumers) {
        String name = "[" + clientId + "] reader of " + partition.topic();
        return new LoopPlan(name, "app-reader", consumers, this, LoopPlan.Commits.NONE, this, false);
    }

    /** Starts {@code loop}, built from {@link #plan}. */
    void start(ConsumerLoop loop) {
        this.loop = loop;
        loop.start();
    }

    /** Asks the reader to commit {@code offset} (the first record not yet acknowledged). */
    void commit(long offset) {
        commitRequest = offset;
    }

    /** Stops reading without waiting; the last acknowledged position is committed before the consumer closes. */
    void stop() {
        ConsumerLoop l = loop;
        if (l != null) {
            l.requestStop();
        }
    }

    /** How often the reader started again after a failure. */
    int restarts() {
        ConsumerLoop l = loop;
        return l == null ? 0 : l.restarts();
    }

    @Override
    public void opened(Consumer<byte[], byte[]> c) {
        c.assign(List.of(partition));
        if (next < 0) {
            position(c);
        } else {
            c.seek(partition, next);
        }
    }

    @Override
    public void beforePoll(Consumer<byte[], byte[]> c) {
        commitNow(c, false);
        if (buffered.full()) {
            c.pause(List.of(partition));
        } else {
            c.resume(List.of(partition));
        }
    }

    /** The last acknowledged position, committed before the consumer closes (a late wakeup is retried once). */
    @Override
    public void closing(Consumer<byte[], byte[]> c) {
        for (int attempt = 0; attempt < 2; attempt++) {
            try {
                commitNow(c, true);
                return;
            } catch (WakeupException e) {
                // the stop woke the consumer while it committed: try again
            } catch (RuntimeException e) {
                log.warn("[{}] last commit on {} failed: {}", clientId, partition.topic(), e.getMessage());
                return;
            }
        }
    }

    @Override
    public void handle(Batch records) {
        List<Record> batch = new ArrayList<>(records.count());
        long bytes = 0;
        for (ConsumerRecord<byte[], byte[]> r : records.records()) {
            batch.add(new Record(r.offset(), r.value(), RouteSource.from(r.headers())));
            bytes += Record.size(r.value());
        }
        throttle(batch.size());
        buffered.added(batch.size(), bytes);
        sink.accept(batch);
        next = batch.get(batch.size() - 1).offset() + 1;
    }

    private void position(Consumer<byte[], byte[]> c) {
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

    private void commitNow(Consumer<byte[], byte[]> c, boolean sync) {
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
