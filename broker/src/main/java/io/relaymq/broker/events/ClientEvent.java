package io.relaymq.broker.events;

import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/**
 * One client lifecycle event: the fields every event has and those of its type, written as one JSON object in this
 * order. Fields whose value is null are left out.
 *
 * @param type      what happened
 * @param clientId  the client it happened to (the Kafka record key)
 * @param node      the node it happened on
 * @param timestamp when, in epoch milliseconds
 * @param details   the fields of the type, in the order they are written
 */
public record ClientEvent(EventType type, String clientId, String node, long timestamp, Map<String, Object> details) {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    public ClientEvent {
        details = new LinkedHashMap<>(details);
    }

    /** The event as a UTF-8 JSON object. */
    public byte[] json() {
        Map<String, Object> all = new LinkedHashMap<>();
        all.put("type", type.name());
        all.put("clientId", clientId);
        all.put("node", node);
        all.put("timestamp", timestamp);
        details.forEach((name, value) -> {
            if (value != null) {
                all.put(name, value);
            }
        });
        return JSON.writeValueAsBytes(all);
    }
}
