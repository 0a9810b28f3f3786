package io.relaymq.integration.model;

import io.relaymq.common.message.PublishedMessageCodec;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.UUID;
import tools.jackson.databind.json.JsonMapper;

/**
 * The Kafka records integrations travel in.
 *
 * <ul>
 *   <li>Definitions (a compacted topic, default {@code relaymq.integrations}): key = the id as text, value = the
 *       definition as JSON, a tombstone (null value) when it was removed.
 *   <li>Messages (default {@code relaymq.integration.msg}): key = the integration id as text, so one
 *       integration's messages keep their order in one partition; value = 8 bytes routed-at millis, then the
 *       {@link PublishedMessageCodec} value.
 * </ul>
 */
public final class IntegrationRecords {

    private final JsonMapper mapper;

    public IntegrationRecords(JsonMapper mapper) {
        this.mapper = mapper;
    }

    /**
     * True for the barrier records broker nodes write to their state topics, the definitions topic among them
     * (key {@code \u0000marker/<node>}, tombstoned again at once): they are no definitions and are passed over
     * without a word.
     */
    public static boolean isNodeMarker(byte[] key) {
        return key != null && key.length > 0 && key[0] == 0;
    }

    public static byte[] key(UUID integrationId) {
        return integrationId.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** The integration id of a record key; throws IllegalArgumentException for a key that is not one. */
    public static UUID id(byte[] key) {
        if (key == null || key.length != 36) {
            throw new IllegalArgumentException("not an integration id");
        }
        return UUID.fromString(new String(key, StandardCharsets.US_ASCII));
    }

    public byte[] definition(IntegrationDefinition definition) {
        return mapper.writeValueAsBytes(definition);
    }

    public IntegrationDefinition definition(byte[] value) {
        return mapper.readValue(value, IntegrationDefinition.class);
    }

    public static byte[] message(IntegrationMessage routed) {
        byte[] body = PublishedMessageCodec.encode(routed.message());
        return ByteBuffer.allocate(Long.BYTES + body.length)
                .putLong(routed.routedMillis())
                .put(body)
                .array();
    }

    /** Reads a message record; throws IllegalArgumentException (or a codec exception) for a malformed value. */
    public static IntegrationMessage message(byte[] key, byte[] value) {
        if (value == null || value.length < Long.BYTES) {
            throw new IllegalArgumentException("integration message value too short");
        }
        long routed = ByteBuffer.wrap(value).getLong();
        return new IntegrationMessage(
                id(key), PublishedMessageCodec.decode(Arrays.copyOfRange(value, Long.BYTES, value.length)), routed);
    }
}
