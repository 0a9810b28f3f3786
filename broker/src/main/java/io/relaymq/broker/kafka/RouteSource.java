package io.relaymq.broker.kafka;

import java.nio.ByteBuffer;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/**
 * Where a routed message came from: its {@code relaymq.msg.all} partition and offset. It travels as a
 * Kafka header on every copy for a persistent session ({@code relaymq.msg.persisted}, an APPLICATION
 * client's topic), so a copy routed again after a router crash (msg.all is read again from the committed
 * offset) is recognised: one partition is routed in offset order and one client's copies stay in order,
 * so a copy whose offset is at or below the highest seen for the client and partition is a replay.
 * Records without the header (retained messages, older records) have no source and are never skipped.
 * Offsets restart at 0 if msg.all is deleted and created again, so that must not happen while persistent
 * sessions exist.
 */
public record RouteSource(int partition, long offset) {

    /** The header name; the value is the partition (4 bytes) then the offset (8 bytes). */
    public static final String HEADER = "relaymq-source";

    public RouteSource {
        if (partition < 0 || offset < 0) {
            throw new IllegalArgumentException(
                    "a source needs a partition and offset, was " + partition + ":" + offset);
        }
    }

    public void addTo(Headers headers) {
        headers.add(
                HEADER,
                ByteBuffer.allocate(12).putInt(partition).putLong(offset).array());
    }

    /** The source a record carries, or {@code null} when it has none (or a malformed one). */
    public static RouteSource from(Headers headers) {
        Header header = headers.lastHeader(HEADER);
        if (header == null || header.value() == null || header.value().length != 12) {
            return null;
        }
        ByteBuffer value = ByteBuffer.wrap(header.value());
        int partition = value.getInt();
        long offset = value.getLong();
        return partition < 0 || offset < 0 ? null : new RouteSource(partition, offset);
    }
}
