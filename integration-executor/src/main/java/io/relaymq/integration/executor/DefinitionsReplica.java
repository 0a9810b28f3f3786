package io.relaymq.integration.executor;

import io.relaymq.integration.model.IntegrationDefinition;
import io.relaymq.integration.model.IntegrationRecords;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The current integration definitions, read from the compacted definitions topic from its start by a
 * consumer without a group, on a thread of its own. {@link #catchUp} waits until everything written before
 * the call has been read. A value that cannot be read, or is over {@value #MAX_VALUE_BYTES} bytes, is
 * logged and ignored (the last good definition of that id stays).
 */
public final class DefinitionsReplica implements AutoCloseable {

    static final int MAX_VALUE_BYTES = 256 * 1024;
    private static final Logger log = LoggerFactory.getLogger(DefinitionsReplica.class);
    private static final Duration POLL = Duration.ofMillis(100);

    private final Supplier<Consumer<byte[], byte[]>> consumers;
    private final String topic;
    private final IntegrationRecords records;
    private final int maxIntegrations;
    private final Runnable onChange;
    private final Backoff backoff;
    private final Map<UUID, IntegrationDefinition> definitions = new ConcurrentHashMap<>();
    private final ConcurrentLinkedQueue<CompletableFuture<Void>> requests = new ConcurrentLinkedQueue<>();
    private final List<CompletableFuture<Void>> waiting = new ArrayList<>();
    // where the next read starts, per partition, so a new consumer goes on where the last one stopped
    private final Map<TopicPartition, Long> positions = new HashMap<>();
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final Thread thread;
    private volatile Consumer<byte[], byte[]> consumer;
    private Map<TopicPartition, Long> target = Map.of();
    private volatile boolean running = true;

    /**
     * @param consumers makes the replica's consumer; called again for a new one after an unexpected failure
     * @param onChange  called on the replica's thread after a poll changed at least one definition
     */
    public DefinitionsReplica(
            Supplier<Consumer<byte[], byte[]>> consumers,
            String topic,
            IntegrationRecords records,
            int maxIntegrations,
            Runnable onChange) {
        this(consumers, topic, records, maxIntegrations, onChange, new Backoff(Backoff.FIRST, Backoff.MAX));
    }

    DefinitionsReplica(
            Supplier<Consumer<byte[], byte[]>> consumers,
            String topic,
            IntegrationRecords records,
            int maxIntegrations,
            Runnable onChange,
            Backoff backoff) {
        this.consumers = consumers;
        this.topic = topic;
        this.records = records;
        this.maxIntegrations = maxIntegrations;
        this.onChange = onChange;
        this.backoff = backoff;
        this.thread = new Thread(this::run, "integration-definitions");
        this.thread.setDaemon(true);
    }

    public void start() {
        thread.start();
    }

    /** The current definition of {@code id}; empty when it was never read or was removed. */
    public Optional<IntegrationDefinition> get(UUID id) {
        return Optional.ofNullable(definitions.get(id));
    }

    public Collection<IntegrationDefinition> all() {
        return List.copyOf(definitions.values());
    }

    /** Waits until every definition written before this call has been read; false when that took too long. */
    public boolean catchUp(Duration timeout) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        requests.add(done);
        try {
            done.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException | ExecutionException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Reads until closed. An unexpected failure (Kafka unreachable for longer than a call's timeout, …) is
     * logged, the consumer closed, and after a back-off a new one goes on from the positions reached; the
     * definitions read so far stay, and catch-up requests keep waiting (their callers time out on their own).
     */
    private void run() {
        try {
            while (running) {
                Consumer<byte[], byte[]> c = consumers.get();
                consumer = c;
                try {
                    read(c);
                } catch (WakeupException e) {
                    if (running) {
                        log.error("definitions replica woken up while running; starting a new consumer", e);
                    }
                } catch (RuntimeException e) {
                    log.error("definitions replica of {} failed; a new consumer reads on after a back-off", topic, e);
                } finally {
                    closeQuietly(c);
                }
                if (running && !backoff.pause(stopped)) {
                    break;
                }
            }
        } finally {
            waiting.forEach(f -> f.completeExceptionally(new IllegalStateException("replica stopped")));
            requests.forEach(f -> f.completeExceptionally(new IllegalStateException("replica stopped")));
        }
    }

    private void read(Consumer<byte[], byte[]> c) {
        List<TopicPartition> partitions = partitions(c);
        c.assign(partitions);
        for (TopicPartition p : partitions) {
            Long next = positions.get(p);
            if (next == null) {
                c.seekToBeginning(List.of(p));
            } else {
                c.seek(p, next);
            }
        }
        while (running) {
            takeRequests(c, partitions);
            boolean changed = false;
            for (ConsumerRecord<byte[], byte[]> record : c.poll(POLL)) {
                changed |= apply(record);
                positions.put(new TopicPartition(record.topic(), record.partition()), record.offset() + 1);
            }
            if (changed) {
                onChange.run();
            }
            answerRequests(c, partitions);
            backoff.reset();
        }
    }

    private static void closeQuietly(Consumer<byte[], byte[]> c) {
        try {
            c.close(Duration.ofSeconds(5));
        } catch (RuntimeException e) {
            log.warn("definitions consumer not closed cleanly: {}", e.toString());
        }
    }

    private List<TopicPartition> partitions(Consumer<byte[], byte[]> consumer) {
        boolean warned = false;
        while (running) {
            List<PartitionInfo> infos = consumer.partitionsFor(topic);
            if (infos != null && !infos.isEmpty()) {
                return infos.stream()
                        .map(p -> new TopicPartition(p.topic(), p.partition()))
                        .toList();
            }
            if (!warned) {
                log.warn("definitions topic {} has no partitions yet; asking every second", topic);
                warned = true;
            }
            try {
                if (stopped.await(1, TimeUnit.SECONDS)) {
                    break;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        throw new WakeupException();
    }

    private void takeRequests(Consumer<byte[], byte[]> c, List<TopicPartition> partitions) {
        List<CompletableFuture<Void>> fresh = new ArrayList<>();
        for (CompletableFuture<Void> f; (f = requests.poll()) != null; ) {
            fresh.add(f);
        }
        if (fresh.isEmpty()) {
            return;
        }
        Map<TopicPartition, Long> ends;
        try {
            // asked after the requests were taken, so it covers everything written before each of them
            ends = c.endOffsets(partitions);
        } catch (RuntimeException e) {
            requests.addAll(fresh);
            throw e;
        }
        target = ends;
        waiting.addAll(fresh);
    }

    private void answerRequests(Consumer<byte[], byte[]> c, List<TopicPartition> partitions) {
        if (waiting.isEmpty()) {
            return;
        }
        for (TopicPartition p : partitions) {
            if (c.position(p) < target.getOrDefault(p, 0L)) {
                return;
            }
        }
        waiting.forEach(f -> f.complete(null));
        waiting.clear();
    }

    private boolean apply(ConsumerRecord<byte[], byte[]> record) {
        if (IntegrationRecords.isNodeMarker(record.key())) {
            return false;
        }
        UUID id;
        try {
            id = IntegrationRecords.id(record.key());
        } catch (IllegalArgumentException e) {
            log.error(
                    "definitions record at {}-{}@{} has no integration id as key; ignored",
                    record.topic(),
                    record.partition(),
                    record.offset());
            return false;
        }
        if (record.value() == null) {
            return definitions.remove(id) != null;
        }
        if (record.value().length > MAX_VALUE_BYTES) {
            log.error("definition of {} is {} bytes, over {}; ignored", id, record.value().length, MAX_VALUE_BYTES);
            return false;
        }
        IntegrationDefinition definition;
        try {
            definition = records.definition(record.value());
        } catch (RuntimeException e) {
            log.error("definition of {} at offset {} cannot be read ({}); ignored", id, record.offset(), e.toString());
            return false;
        }
        if (!id.equals(definition.id()) || definition.type() == null || definition.configuration() == null) {
            log.error(
                    "definition at offset {} has key {} but id {} or lacks type/configuration; ignored",
                    record.offset(),
                    id,
                    definition.id());
            return false;
        }
        if (!definitions.containsKey(id) && definitions.size() >= maxIntegrations) {
            log.error("integration {} refused: this executor keeps at most {} integrations", id, maxIntegrations);
            return false;
        }
        definitions.put(id, definition);
        return true;
    }

    @Override
    public void close() {
        running = false;
        stopped.countDown();
        Consumer<byte[], byte[]> c = consumer;
        if (c != null) {
            c.wakeup();
        }
        try {
            thread.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
