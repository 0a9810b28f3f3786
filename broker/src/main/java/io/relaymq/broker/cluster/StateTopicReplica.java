package io.relaymq.broker.cluster;

import io.relaymq.broker.kafka.BatchHandler;
import io.relaymq.broker.kafka.ConsumerLoop;
import io.relaymq.broker.kafka.ConsumerLoops;
import io.relaymq.broker.kafka.KafkaClients;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.broker.kafka.LoopPlan;
import io.relaymq.common.node.NodeId;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One compacted, single-partition state topic that every node reads in full: the layout is checked,
 * updates are produced keyed by id (null value = tombstone), and a reader thread applies every record.
 * At start the node writes a marker record and waits until the reader has passed it, so it has caught
 * up with everything written before; the marker is then tombstoned so compaction removes it. The same
 * barrier can be asked for later ({@link #catchUp}).
 */
public final class StateTopicReplica implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(StateTopicReplica.class);
    static final String MARKER_PREFIX = "\u0000marker/";

    private final String topic;
    private final KafkaClients clients;
    private final ConsumerLoops loops;
    private final Consumer<ConsumerRecord<byte[], byte[]>> applier;
    private final String markerKey;
    private final Producer<byte[], byte[]> producer;
    private final StateTopicWriter writer;
    private final Duration flushTimeout;
    /** Marker values written and not yet read back, each with what waits for it. */
    private final Map<String, CompletableFuture<Void>> awaitedMarkers = new ConcurrentHashMap<>();

    private ConsumerLoop reader;

    public StateTopicReplica(
            String topic,
            KafkaProperties kafka,
            KafkaClients clients,
            ConsumerLoops loops,
            Admin admin,
            NodeId nodeId,
            StateWrites writes,
            Consumer<ConsumerRecord<byte[], byte[]>> applier) {
        this.topic = topic;
        this.clients = clients;
        this.loops = loops;
        this.applier = applier;
        this.markerKey = MARKER_PREFIX + nodeId;
        new StateTopicLayout(admin, kafka.apiTimeout().toMillis(), kafka.minInsyncReplicas())
                .ensure(topic, kafka.state().replicationFactor());
        this.producer = clients.producer(KafkaClients.ProducerSpec.reliable("state-" + topic));
        this.writer = writes.writer(topic, producer);
        this.flushTimeout = writes.flushTimeout();
    }

    /** Produces an update (null value = tombstone), sent again until Kafka acknowledges it. */
    public void write(String key, byte[] value) {
        writer.write(key, value, List.of());
    }

    /** An update with record headers (e.g. what orders a tombstone). */
    public void write(String key, byte[] value, List<Header> headers) {
        writer.write(key, value, headers);
    }

    /** Writes only when no update of {@code key} is still waiting for Kafka (restating what is known). */
    public boolean writeIfIdle(String key, byte[] value, List<Header> headers) {
        return writer.writeIfIdle(key, value, headers);
    }

    /** Starts the reader and returns once everything written before now has been applied. */
    public void startAndCatchUp(Duration timeout) {
        // a reader that failed starts again from the beginning: applying a record twice changes nothing
        reader = loops.create(
                "replica-" + topic,
                () -> {
                    var consumer = clients.reader("state-" + topic);
                    TopicPartition partition = new TopicPartition(topic, 0);
                    consumer.assign(List.of(partition));
                    consumer.seekToBeginning(List.of(partition));
                    return consumer;
                },
                BatchHandler.eachRecord(
                        record -> {
                            dispatch(record);
                            return null;
                        },
                        () -> {}),
                LoopPlan.Commits.NONE);
        reader.start();
        long began = System.nanoTime();
        catchUp(timeout);
        log.info("caught up with {} in {} ms", topic, (System.nanoTime() - began) / 1_000_000);
    }

    /**
     * Returns once the reader has applied every record written to the topic before this call: a marker
     * is written and awaited, then tombstoned.
     *
     * @throws IllegalStateException when the marker is not read back within {@code timeout}
     */
    public void catchUp(Duration timeout) {
        String marker = UUID.randomUUID().toString();
        CompletableFuture<Void> seen = new CompletableFuture<>();
        awaitedMarkers.put(marker, seen);
        try {
            write(markerKey, marker.getBytes(StandardCharsets.UTF_8));
            producer.flush();
            seen.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException e) {
            throw new IllegalStateException(
                    "did not catch up with " + topic + " within " + timeout.toSeconds() + " s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading " + topic, e);
        } finally {
            awaitedMarkers.remove(marker);
        }
        write(markerKey, null);
    }

    private void dispatch(ConsumerRecord<byte[], byte[]> record) {
        String key = new String(record.key(), StandardCharsets.UTF_8);
        if (key.startsWith(MARKER_PREFIX)) {
            CompletableFuture<Void> waiting = record.value() == null
                    ? null
                    : awaitedMarkers.get(new String(record.value(), StandardCharsets.UTF_8));
            if (waiting != null) {
                waiting.complete(null);
            }
            return;
        }
        applier.accept(record);
    }

    public void stopReading() {
        if (reader != null) {
            reader.stop();
        }
        int left = writer.flush(flushTimeout);
        if (left > 0) {
            log.warn(
                    "{} updates of {} still not acknowledged by Kafka after {} ms",
                    left,
                    topic,
                    flushTimeout.toMillis());
        }
    }

    @Override
    public void close() {
        writer.close();
        producer.close(Duration.ofSeconds(5));
    }
}
