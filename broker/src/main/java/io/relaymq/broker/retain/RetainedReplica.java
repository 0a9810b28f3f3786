package io.relaymq.broker.retain;

import io.relaymq.broker.cluster.StateTopicLayout;
import io.relaymq.broker.kafka.KafkaClientConfigs;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.broker.node.NodeProperties;
import io.relaymq.common.message.PublishedMessage;
import io.relaymq.common.message.PublishedMessageCodec;
import io.relaymq.common.node.NodeId;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Retained messages as cluster state: updates go to the compacted topic {@code relaymq.msg.retained}
 * (key = MQTT topic, an empty payload becomes a tombstone), and every node reads the whole topic into
 * its {@link RetainedMessages}. At start the node writes a marker record and reads until it sees it,
 * so it has caught up before its MQTT listeners open; retained messages survive restarts.
 */
@Component
public class RetainedReplica implements RetainedSink, SmartLifecycle, DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(RetainedReplica.class);
    static final String MARKER_PREFIX = "\u0000marker/";

    private final RetainedMessages store;
    private final KafkaClientConfigs configs;
    private final String topic;
    private final Duration catchUpTimeout;
    private final String markerKey;
    private final Producer<byte[], byte[]> producer;
    private final AtomicBoolean running = new AtomicBoolean();
    private volatile String awaitedMarker;
    private final CountDownLatch caughtUp = new CountDownLatch(1);
    private KafkaConsumer<byte[], byte[]> consumer;
    private Thread reader;

    public RetainedReplica(RetainedMessages store, KafkaProperties kafka, KafkaClientConfigs configs, Admin admin,
                           NodeId nodeId, NodeProperties node) {
        this.store = store;
        this.configs = configs;
        this.topic = kafka.state().retainedTopic();
        this.catchUpTimeout = node.dependencyTimeout();
        this.markerKey = MARKER_PREFIX + nodeId;
        new StateTopicLayout(admin, kafka.apiTimeout().toMillis()).ensure(topic, kafka.state().replicationFactor());
        this.producer = new KafkaProducer<>(configs.producer("retained", "all", 0, 16384));
    }

    @Override
    public void retain(PublishedMessage message) {
        byte[] value = message.payload().length == 0 ? null : PublishedMessageCodec.encode(message.withRetain(true));
        producer.send(new ProducerRecord<>(topic, key(message.topic()), value), (metadata, error) -> {
            if (error != null) {
                log.warn("retained message for topic {} not stored in Kafka: {}", message.topic(), error.getMessage());
            }
        });
    }

    @Override
    public void start() {
        consumer = new KafkaConsumer<>(configs.stateReader("retained"));
        TopicPartition partition = new TopicPartition(topic, 0);
        consumer.assign(List.of(partition));
        consumer.seekToBeginning(List.of(partition));
        running.set(true);
        reader = new Thread(this::readLoop, "retained-replica");
        reader.setDaemon(true);
        reader.start();
        awaitCaughtUp();
    }

    /** Writes a marker and waits until the reader has passed it: everything before it is applied. */
    private void awaitCaughtUp() {
        long began = System.nanoTime();
        awaitedMarker = UUID.randomUUID().toString();
        producer.send(new ProducerRecord<>(topic, key(markerKey), awaitedMarker.getBytes(StandardCharsets.UTF_8)));
        producer.flush();
        try {
            if (!caughtUp.await(catchUpTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new IllegalStateException("did not catch up with " + topic + " within " + catchUpTimeout.toSeconds() + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading " + topic, e);
        }
        // the marker has done its job; a tombstone lets compaction remove it
        producer.send(new ProducerRecord<>(topic, key(markerKey), null));
        log.info("caught up with {} in {} ms: {} retained messages", topic, (System.nanoTime() - began) / 1_000_000,
                store.size());
    }

    private void readLoop() {
        try {
            while (running.get()) {
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                    apply(record);
                }
            }
        } catch (WakeupException e) {
            // stopping
        } catch (RuntimeException e) {
            log.error("retained replica stopped reading {}", topic, e);
        } finally {
            consumer.close(Duration.ofSeconds(5));
        }
    }

    void apply(ConsumerRecord<byte[], byte[]> record) {
        String key = new String(record.key(), StandardCharsets.UTF_8);
        if (key.startsWith(MARKER_PREFIX)) {
            if (record.value() != null && new String(record.value(), StandardCharsets.UTF_8).equals(awaitedMarker)) {
                caughtUp.countDown();
            }
            return;
        }
        if (record.value() == null) {
            store.remove(key);
            return;
        }
        try {
            store.apply(PublishedMessageCodec.decode(record.value()));
        } catch (IllegalArgumentException e) {
            log.warn("skipping undecodable retained record for topic {} at offset {}: {}", key, record.offset(),
                    e.getMessage());
        }
    }

    private static byte[] key(String value) {
        return value.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public void stop() {
        running.set(false);
        if (consumer != null) {
            consumer.wakeup();
        }
        if (reader != null) {
            try {
                reader.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        producer.flush();
    }

    @Override
    public void destroy() {
        producer.close(Duration.ofSeconds(5));
    }

    @Override
    public boolean isRunning() {
        return running.get();
    }

    /** Before the msg.all consumers (100) and the MQTT listeners (200). */
    @Override
    public int getPhase() {
        return 50;
    }
}
