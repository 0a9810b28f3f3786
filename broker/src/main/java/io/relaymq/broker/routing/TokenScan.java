package io.relaymq.broker.routing;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.utils.Utils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads a {@code relaymq.msg.all} partition for QoS 2 record tokens ({@link MsgAllReceipts#TOKEN_HEADER}) with a
 * consumer that joins no group, opened at the first read. A read of more than {@code mostRecords} records or longer
 * than {@code deadline} fails; every call to Kafka is bounded by {@code callTimeout}. Used from one thread.
 */
final class TokenScan implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(TokenScan.class);

    private final String topic;
    private final Supplier<Consumer<byte[], byte[]>> consumers;
    private final long mostRecords;
    private final Duration deadline;
    private final Duration callTimeout;
    private Consumer<byte[], byte[]> consumer;

    TokenScan(
            String topic,
            Supplier<Consumer<byte[], byte[]>> consumers,
            long mostRecords,
            Duration deadline,
            Duration callTimeout) {
        this.topic = topic;
        this.consumers = consumers;
        this.mostRecords = mostRecords;
        this.deadline = deadline;
        this.callTimeout = callTimeout;
    }

    /** The partition of {@code mqttTopic}'s records: the producer's default hash of the record key. */
    TopicPartition partitionOf(String mqttTopic) {
        int partitions = consumer().partitionsFor(topic, callTimeout).size();
        return new TopicPartition(
                topic, Utils.toPositive(Utils.murmur2(mqttTopic.getBytes(StandardCharsets.UTF_8))) % partitions);
    }

    /** The tokens among {@code wanted} that the partition holds in records written from {@code sinceMillis} on. */
    Set<Long> read(TopicPartition partition, Set<Long> wanted, long sinceMillis) {
        Consumer<byte[], byte[]> c = consumer();
        c.assign(List.of(partition));
        long end = c.endOffsets(List.of(partition), callTimeout).get(partition);
        OffsetAndTimestamp from = c.offsetsForTimes(Map.of(partition, Math.max(0, sinceMillis)), callTimeout)
                .get(partition);
        Set<Long> found = new HashSet<>();
        if (from == null) {
            return found; // nothing written to the partition since
        }
        if (end - from.offset() > mostRecords) {
            throw new IllegalStateException((end - from.offset()) + " records to read in " + partition);
        }
        c.seek(partition, from.offset());
        long started = System.nanoTime();
        while (c.position(partition, callTimeout) < end && found.size() < wanted.size()) {
            if (System.nanoTime() - started > deadline.toNanos()) {
                throw new IllegalStateException("reading " + partition + " took longer than " + deadline);
            }
            for (ConsumerRecord<byte[], byte[]> record :
                    c.poll(Duration.ofMillis(200)).records(partition)) {
                long token = token(record);
                if (record.offset() < end && wanted.contains(token)) {
                    found.add(token);
                }
            }
        }
        log.debug(
                "read {} from offset {} to {} in {} ms: {} of {} QoS 2 records found",
                partition,
                from.offset(),
                end,
                (System.nanoTime() - started) / 1_000_000,
                found.size(),
                wanted.size());
        return found;
    }

    private static long token(ConsumerRecord<byte[], byte[]> record) {
        Header header = record.headers().lastHeader(MsgAllReceipts.TOKEN_HEADER);
        return header != null && header.value().length == Long.BYTES
                ? ByteBuffer.wrap(header.value()).getLong()
                : 0;
    }

    private Consumer<byte[], byte[]> consumer() {
        if (consumer == null) {
            consumer = consumers.get();
        }
        return consumer;
    }

    @Override
    public void close() {
        if (consumer != null) {
            consumer.close(Duration.ofSeconds(5));
        }
    }
}
