package io.relaymq.broker.routing;

import io.relaymq.broker.kafka.KafkaClientConfigs;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.broker.publish.Qos2Resends;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.utils.Utils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * Looks in {@code relaymq.msg.all} for the record of a QoS 2 message by its token ({@link #TOKEN_HEADER}), for a
 * PUBLISH sent again whose first node kept the packet id and then went away. The record can only be in the
 * partition its MQTT topic maps to (the producer's key hash), written after the id was kept: the partition is
 * read from a little before that time ({@link #LOOK_BACK}) up to its end. The read starts no earlier than
 * {@link #SETTLE} after the id was kept, so that a write the old node still had in flight has landed. Reads run
 * one at a time on a thread of their own, with a consumer that joins no group. A read of more than
 * {@link #MOST_RECORDS} records or longer than {@link #DEADLINE} fails: the PUBLISH is then forwarded (at least
 * once), so an old resend of a busy topic costs a bounded read.
 */
@Component
public class MsgAllReceipts implements Qos2Resends, DisposableBean {

    /** The header of a QoS 2 record of a persistent session: its 8-byte token. */
    public static final String TOKEN_HEADER = "relaymq-qos2";
    static final Duration SETTLE = Duration.ofSeconds(1);
    static final Duration LOOK_BACK = Duration.ofSeconds(5);
    static final long MOST_RECORDS = 1_000_000;
    static final Duration DEADLINE = Duration.ofSeconds(30);

    private static final Logger log = LoggerFactory.getLogger(MsgAllReceipts.class);

    private final String topic;
    private final KafkaClientConfigs configs;
    private final ScheduledExecutorService reader = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread thread = new Thread(r, "msg-all-receipts");
        thread.setDaemon(true);
        return thread;
    });
    /** Used on the reader thread only; opened at the first read. */
    private KafkaConsumer<byte[], byte[]> consumer;

    public MsgAllReceipts(KafkaProperties kafka, KafkaClientConfigs configs) {
        this.topic = kafka.msgAll().topic();
        this.configs = configs;
    }

    public static byte[] encode(long token) {
        return ByteBuffer.allocate(Long.BYTES).putLong(token).array();
    }

    @Override
    public CompletionStage<Boolean> stored(String mqttTopic, long token, long keptAtMillis) {
        CompletableFuture<Boolean> answer = new CompletableFuture<>();
        long delay = Math.max(0, keptAtMillis + SETTLE.toMillis() - System.currentTimeMillis());
        reader.schedule(() -> {
            try {
                answer.complete(find(mqttTopic, token, keptAtMillis));
            } catch (RuntimeException e) {
                answer.completeExceptionally(e);
            }
        }, delay, TimeUnit.MILLISECONDS);
        return answer;
    }

    private boolean find(String mqttTopic, long token, long keptAtMillis) {
        KafkaConsumer<byte[], byte[]> c = consumer();
        int partitions = c.partitionsFor(topic).size();
        TopicPartition partition = new TopicPartition(topic,
                Utils.toPositive(Utils.murmur2(mqttTopic.getBytes(StandardCharsets.UTF_8))) % partitions);
        c.assign(List.of(partition));
        long end = c.endOffsets(List.of(partition)).get(partition);
        OffsetAndTimestamp from = c.offsetsForTimes(Map.of(partition, Math.max(0, keptAtMillis - LOOK_BACK.toMillis())))
                .get(partition);
        if (from == null) {
            return false; // nothing written to the partition since
        }
        if (end - from.offset() > MOST_RECORDS) {
            throw new IllegalStateException((end - from.offset()) + " records to read in " + partition);
        }
        c.seek(partition, from.offset());
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (c.position(partition) < end) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("reading " + partition + " took longer than " + DEADLINE);
            }
            for (ConsumerRecord<byte[], byte[]> record : c.poll(Duration.ofMillis(200)).records(partition)) {
                if (record.offset() < end && carries(record, token)) {
                    log.debug("QoS 2 record with token {} found at {}-{}", token, partition, record.offset());
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean carries(ConsumerRecord<byte[], byte[]> record, long token) {
        Header header = record.headers().lastHeader(TOKEN_HEADER);
        return header != null && header.value().length == Long.BYTES && ByteBuffer.wrap(header.value()).getLong() == token;
    }

    private KafkaConsumer<byte[], byte[]> consumer() {
        if (consumer == null) {
            consumer = new KafkaConsumer<>(configs.stateReader("msg-all-receipts"));
        }
        return consumer;
    }

    @Override
    public void destroy() throws InterruptedException {
        reader.submit(() -> {
            if (consumer != null) {
                consumer.close(Duration.ofSeconds(5));
            }
        });
        reader.shutdown();
        reader.awaitTermination(10, TimeUnit.SECONDS);
    }
}
