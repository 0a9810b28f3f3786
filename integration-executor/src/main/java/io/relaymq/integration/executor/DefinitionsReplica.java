package io.relaymq.integration.executor;

import io.relaymq.integration.model.IntegrationDefinition;
import io.relaymq.integration.model.IntegrationRecords;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
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

    private final Consumer<byte[], byte[]> consumer;
    private final String topic;
    private final IntegrationRecords records;
    private final int maxIntegrations;
    private final Runnable onChange;
    private final Map<UUID, IntegrationDefinition> definitions = new ConcurrentHashMap<>();
    private final ConcurrentLinkedQueue<CompletableFuture<Void>> requests = new ConcurrentLinkedQueue<>();
    private final List<CompletableFuture<Void>> waiting = new ArrayList<>();
    private final Thread thread;
    private Map<TopicPartition, Long> target = Map.of();
    private volatile boolean running = true;

    /**
     * @param onChange called on the replica's thread after a poll changed at least one definition
     */
    public DefinitionsReplica(
            Consumer<byte[], byte[]> consumer,
            String topic,
            IntegrationRecords records,
            int maxIntegrations,
            Runnable onChange) {
        this.consumer = consumer;
        this.topic = topic;
        this.records = records;
        this.maxIntegrations = maxIntegrations;
        this.onChange = onChange;
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

    private void run() {
        try {
            List<TopicPartition> partitions = partitions();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            while (running) {
                takeRequests(partitions);
                boolean changed = false;
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(POLL)) {
                    changed |= apply(record);
                }
                if (changed) {
                    onChange.run();
                }
                answerRequests(partitions);
            }
        } catch (WakeupException e) {
            if (running) {
                log.error("definitions replica woken up while running", e);
            }
        } catch (RuntimeException e) {
            log.error("definitions replica of {} stopped; integrations will not see changes", topic, e);
        } finally {
            waiting.forEach(f -> f.completeExceptionally(new IllegalStateException("replica stopped")));
            consumer.close(Duration.ofSeconds(5));
        }
    }

    private List<TopicPartition> partitions() {
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
                Thread.sleep(1_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        throw new WakeupException();
    }

    private void takeRequests(List<TopicPartition> partitions) {
        boolean fresh = false;
        for (CompletableFuture<Void> f; (f = requests.poll()) != null; ) {
            waiting.add(f);
            fresh = true;
        }
        if (fresh) {
            target = consumer.endOffsets(partitions);
        }
    }

    private void answerRequests(List<TopicPartition> partitions) {
        if (waiting.isEmpty()) {
            return;
        }
        for (TopicPartition p : partitions) {
            if (consumer.position(p) < target.getOrDefault(p, 0L)) {
                return;
            }
        }
        waiting.forEach(f -> f.complete(null));
        waiting.clear();
    }

    private boolean apply(ConsumerRecord<byte[], byte[]> record) {
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
        consumer.wakeup();
        try {
            thread.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
