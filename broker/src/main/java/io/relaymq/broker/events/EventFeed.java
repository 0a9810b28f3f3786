package io.relaymq.broker.events;

import io.relaymq.common.message.MessageProperties;
import io.relaymq.common.message.PublishedMessage;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends events from a bounded queue on a thread of its own, so that no session thread ever waits for Kafka: the
 * caller's {@link #offer} only queues. One thread and one producer keep the events of a client id in the order this
 * node made them. A full queue, or a write Kafka refuses, drops the event; drops are counted and logged at most
 * once a minute. With {@code $SYS} topics on, each event is also published as a broker-made MQTT message.
 */
final class EventFeed implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EventFeed.class);
    private static final Duration STOP_WAIT = Duration.ofSeconds(5);
    private static final MessageProperties JSON_MESSAGE =
            new MessageProperties(1, null, "application/json", null, null, List.of());

    private final BlockingQueue<ClientEvent> queue;
    private final Producer<byte[], byte[]> producer;
    private final String topic;
    private final Function<PublishedMessage, CompletableFuture<Void>> sysTopics;
    private final Drops drops;
    private final Thread sender;
    private volatile boolean stopping;

    /**
     * @param sysTopics publishes a message through the routing path; null when {@code $SYS} topics are off
     */
    EventFeed(
            int capacity,
            Producer<byte[], byte[]> producer,
            String topic,
            Function<PublishedMessage, CompletableFuture<Void>> sysTopics,
            Drops drops) {
        this.queue = new ArrayBlockingQueue<>(capacity);
        this.producer = producer;
        this.topic = topic;
        this.sysTopics = sysTopics;
        this.drops = drops;
        this.sender = new Thread(this::run, "client-events");
        this.sender.setDaemon(true);
        this.sender.start();
    }

    /** Queues {@code event}, from any thread, without waiting; a full queue drops it. */
    void offer(ClientEvent event) {
        if (stopping || !queue.offer(event)) {
            drops.dropped("queue_full", event, null);
        }
    }

    private void run() {
        while (!stopping || !queue.isEmpty()) {
            try {
                ClientEvent event = queue.poll(200, TimeUnit.MILLISECONDS);
                if (event != null) {
                    send(event);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException e) {
                log.warn("a client event was not sent", e);
            }
        }
    }

    private void send(ClientEvent event) {
        byte[] json = event.json();
        ProducerRecord<byte[], byte[]> record =
                new ProducerRecord<>(topic, event.clientId().getBytes(StandardCharsets.UTF_8), json);
        try {
            producer.send(record, (metadata, error) -> {
                if (error != null) {
                    drops.dropped("kafka_refused", event, error);
                }
            });
        } catch (RuntimeException e) {
            drops.dropped("kafka_refused", event, e);
        }
        if (sysTopics != null) {
            PublishedMessage message = new PublishedMessage(
                    SysTopics.topic(event.type(), event.clientId()),
                    0,
                    false,
                    json,
                    "",
                    event.timestamp(),
                    JSON_MESSAGE);
            try {
                sysTopics.apply(message).whenComplete((ok, error) -> {
                    if (error != null) {
                        drops.dropped("sys_topic_refused", event, error);
                    }
                });
            } catch (RuntimeException e) {
                drops.dropped("sys_topic_refused", event, e);
            }
        }
    }

    /** Sends what is queued, for at most a few seconds, then lets the producer go. */
    @Override
    public void close() {
        stopping = true;
        try {
            sender.join(STOP_WAIT.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        sender.interrupt();
        producer.close(STOP_WAIT);
    }
}
