package io.relaymq.broker.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.broker.support.ApiClient;
import tools.jackson.databind.JsonNode;

/** Assertions on TBMQ's JSON shapes: an object has every field TBMQ's web UI and tools read. */
final class TbmqShapes {

    static final String[] PAGE = {"data", "totalPages", "totalElements", "hasNext"};

    private TbmqShapes() {}

    /** The response is 200 and its body an object with these fields. */
    static JsonNode object(ApiClient.Response response, String... fields) {
        assertThat(response.status()).as(response.text()).isEqualTo(200);
        return has(response.body(), fields);
    }

    /** The response is 200 and a page whose rows (at least {@code minRows}) each have these fields. */
    static JsonNode page(ApiClient.Response response, int minRows, String... rowFields) {
        JsonNode page = object(response, PAGE);
        assertThat(page.get("data").isArray()).isTrue();
        assertThat(page.get("data").size()).as(response.text()).isGreaterThanOrEqualTo(minRows);
        page.get("data").forEach(row -> has(row, rowFields));
        return page;
    }

    static JsonNode has(JsonNode node, String... fields) {
        assertThat(node).as("a JSON object").isNotNull();
        assertThat(node.isObject()).as(node.toString()).isTrue();
        if (fields.length > 0) {
            assertThat(node.propertyNames()).as(node.toString()).contains(fields);
        }
        return node;
    }
}
