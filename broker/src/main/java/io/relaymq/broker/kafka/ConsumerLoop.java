package io.relaymq.broker.kafka;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One Kafka consumer polled on a thread of its own: every record goes to the handler (a record the
 * handler cannot process is logged and skipped, never retried forever), then, for group consumers, the
 * batch's offsets are committed. A batch handler that cannot finish a batch for a reason that may pass
 * (a store is down) throws {@link RetryBatch}: the batch is read again after a pause and nothing is
 * committed. Stop wakes the consumer, waits for the thread, commits and closes.
 */
public final class ConsumerLoop {

    private static final Logger log = LoggerFactory.getLogger(ConsumerLoop.class);
    private static final Duration RETRY_PAUSE = Duration.ofSeconds(1);

    private final String name;
    private final KafkaConsumer<byte[], byte[]> consumer;
    private final Consumer<ConsumerRecords<byte[], byte[]>> batchHandler;
    private final boolean commit;
    private final AtomicBoolean running = new AtomicBoolean();
    private Thread thread;

    /**
     * @param afterBatch runs after each non-empty batch, before the commit (e.g. flush what it produced)
     * @param commit     commit offsets (group consumers); false for consumers that assign partitions
     */
    public ConsumerLoop(String name, KafkaConsumer<byte[], byte[]> consumer,
                        Consumer<ConsumerRecord<byte[], byte[]>> handler, Runnable afterBatch, boolean commit) {
        this(name, consumer, records -> {
            for (ConsumerRecord<byte[], byte[]> record : records) {
                handleSkippingFailures(name, handler, record);
            }
            afterBatch.run();
        }, commit);
    }

    /** A loop whose handler takes each poll's records as one batch. */
    public ConsumerLoop(String name, KafkaConsumer<byte[], byte[]> consumer,
                        Consumer<ConsumerRecords<byte[], byte[]>> batchHandler, boolean commit) {
        this.name = name;
        this.consumer = consumer;
        this.batchHandler = batchHandler;
        this.commit = commit;
    }

    /** Thrown by a batch handler that could not finish: the batch is read again, nothing is committed. */
    public static final class RetryBatch extends RuntimeException {

        public RetryBatch(String message, Throwable cause) {
            super(message, cause);
        }
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
                if (!records.isEmpty() && handleBatch(records) && commit) {
                    consumer.commitAsync();
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

    /** False when the batch is to be read again. */
    private boolean handleBatch(ConsumerRecords<byte[], byte[]> records) {
        try {
            batchHandler.accept(records);
            return true;
        } catch (RetryBatch e) {
            log.warn("{}: batch of {} records will be read again in {} ms: {}", name, records.count(),
                    RETRY_PAUSE.toMillis(), e.getMessage());
            for (TopicPartition partition : records.partitions()) {
                consumer.seek(partition, records.records(partition).get(0).offset());
            }
            pause();
            return false;
        }
    }

    private void pause() {
        try {
            Thread.sleep(RETRY_PAUSE.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running.set(false);
        }
    }

    private static void handleSkippingFailures(String name, Consumer<ConsumerRecord<byte[], byte[]>> handler,
                                               ConsumerRecord<byte[], byte[]> record) {
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
