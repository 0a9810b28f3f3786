package io.relaymq.dao.credentials;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** Reads and writes the JSON credential values (TBMQ's field names). */
public final class CredentialsJson {

    private static final JsonMapper MAPPER = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private CredentialsJson() {}

    public static BasicCredentials basic(String json) {
        return read(json, BasicCredentials.class);
    }

    public static SslCredentials ssl(String json) {
        return read(json, SslCredentials.class);
    }

    public static ScramCredentials scram(String json) {
        return read(json, ScramCredentials.class);
    }

    public static String write(Object value) {
        return MAPPER.writeValueAsString(value);
    }

    public static <T> T read(String json, Class<T> type) {
        try {
            return MAPPER.readValue(json, type);
        } catch (JacksonException e) {
            throw new IllegalArgumentException(
                    "invalid " + type.getSimpleName() + " JSON: " + e.getOriginalMessage(), e);
        }
    }
}
