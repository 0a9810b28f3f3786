package io.relaymq.broker.kafka;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One Kafka consumer polled on a thread of its own: every record goes to the handler (a record the
 * handler cannot process is logged and skipped, never retried forever), then, for group consumers, the
 * batch's offsets are committed. Stop wakes the consumer, waits for the thread, commits and closes.
 */
public final class ConsumerLoop {

    private static final Logger log = LoggerFactory.getLogger(ConsumerLoop.class);

    private final String name;
    private final KafkaConsumer<byte[], byte[]> consumer;
    private final Consumer<ConsumerRecord<byte[], byte[]>> handler;
    private final Runnable afterBatch;
    private final boolean commit;
    private final AtomicBoolean running = new AtomicBoolean();
    private Thread thread;

    /**
     * @param afterBatch runs after each non-empty batch, before the commit (e.g. flush what it produced)
     * @param commit     commit offsets (group consumers); false for consumers that assign partitions
     */
    public ConsumerLoop(String name, KafkaConsumer<byte[], byte[]> consumer,
                        Consumer<ConsumerRecord<byte[], byte[]>> handler, Runnable afterBatch, boolean commit) {
        this.name = name;
        this.consumer = consumer;
        this.handler = handler;
        this.afterBatch = afterBatch;
        this.commit = commit;
    }

    public void start() {
        running.set(true);
        thread = new Thread(this::pollLoop, name);
        thread.setDaemon(true);
        thread.start();
    }

    private void pollLoop() {
        try {
            while (running.get()) {
                ConsumerRecords<byte[], byte[]> records = consumer.poll(Duration.ofMillis(100));
                for (ConsumerRecord<byte[], byte[]> record : records) {
                    handle(record);
                }
                if (!records.isEmpty()) {
                    afterBatch.run();
                    if (commit) {
                        consumer.commitAsync();
                    }
                }
            }
        } catch (WakeupException e) {
            // stopping
        } catch (RuntimeException e) {
            log.error("{} stopped unexpectedly", name, e);
        } finally {
            if (commit) {
                try {
                    consumer.commitSync(Duration.ofSeconds(5));
                } catch (RuntimeException e) {
                    log.debug("{}: final commit failed: {}", name, e.getMessage());
                }
            }
            consumer.close(Duration.ofSeconds(5));
        }
    }

    private void handle(ConsumerRecord<byte[], byte[]> record) {
        try {
            handler.accept(record);
        } catch (RuntimeException e) {
            log.warn("{}: skipping record {}-{}@{}: {}", name, record.topic(), record.partition(), record.offset(),
                    e.getMessage());
        }
    }

    public void stop() {
        running.set(false);
        consumer.wakeup();
        if (thread != null) {
            try {
                thread.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    public boolean isRunning() {
        return running.get();
    }
}
