package io.relaymq.integration.target.config;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Short JSON for tests: single quotes stand for double quotes. */
public final class Json {

    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private Json() {}

    public static JsonNode of(String singleQuoted) {
        return MAPPER.readTree(singleQuoted.replace('\'', '"'));
    }

    public static JsonMapper mapper() {
        return MAPPER;
    }
}
