package io.relaymq.integration.model;

import java.nio.charset.StandardCharsets;
import java.util.UUID;
import tools.jackson.databind.json.JsonMapper;

/**
 * The records of the status topic (compacted, default {@code relaymq.integration.status}): key =
 * {@code <integrationId>/<executorId>} as text, value = {@link IntegrationStatus} as JSON, a tombstone when the
 * executor dropped the integration (it was removed). Status values are read back with a size limit.
 */
public final class IntegrationStatusRecords {

    /** Larger values are refused when read: a status record is well under this. */
    public static final int MAX_VALUE_BYTES = 16 * 1024;

    private final JsonMapper mapper;

    public IntegrationStatusRecords(JsonMapper mapper) {
        this.mapper = mapper;
    }

    public static byte[] key(UUID integrationId, String executorId) {
        return (integrationId + "/" + executorId).getBytes(StandardCharsets.UTF_8);
    }

    /** The integration id of a status key; throws IllegalArgumentException for a key that is not one. */
    public static UUID integrationId(byte[] key) {
        if (key == null || key.length < 38 || key[36] != '/') {
            throw new IllegalArgumentException("not an integration status key");
        }
        return UUID.fromString(new String(key, 0, 36, StandardCharsets.US_ASCII));
    }

    public byte[] value(IntegrationStatus status) {
        return mapper.writeValueAsBytes(status);
    }

    /** Reads a status value; throws IllegalArgumentException (or a Jackson exception) for a malformed one. */
    public IntegrationStatus value(byte[] value) {
        if (value == null || value.length > MAX_VALUE_BYTES) {
            throw new IllegalArgumentException(
                    "integration status value missing or over " + MAX_VALUE_BYTES + " bytes");
        }
        return mapper.readValue(value, IntegrationStatus.class);
    }
}
