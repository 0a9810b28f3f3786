package io.relaymq.integration.target;

import io.relaymq.common.message.MessageProperties;
import io.relaymq.common.message.PublishedMessage;
import io.relaymq.common.message.UserProperty;
import io.relaymq.integration.model.IntegrationMessage;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JSON form of a message that HTTP and Kafka targets send when asked for {@code JSON} rather than the
 * payload as is:
 *
 * <pre>
 * {"integrationId": "…", "topic": "a/b", "qos": 1, "retain": false, "clientId": "publisher",
 *  "payload": "text", "payloadEncoding": "text",          // or base64 when the bytes are not UTF-8
 *  "contentType": "…", "responseTopic": "…", "correlationData": "base64", "payloadFormat": 1,
 *  "userProperties": [{"key": "k", "value": "v"}], "createdTime": 1764230000000, "routedTime": 1764230000004}
 * </pre>
 *
 * Absent MQTT 5 properties are left out.
 */
public final class MessageJson {

    private final JsonMapper mapper;

    public MessageJson(JsonMapper mapper) {
        this.mapper = mapper;
    }

    public byte[] encode(IntegrationMessage routed) {
        return mapper.writeValueAsBytes(toNode(routed));
    }

    public ObjectNode toNode(IntegrationMessage routed) {
        PublishedMessage m = routed.message();
        ObjectNode node = mapper.createObjectNode();
        node.put("integrationId", routed.integrationId().toString());
        node.put("topic", m.topic());
        node.put("qos", m.qos());
        node.put("retain", m.retain());
        node.put("clientId", m.publisherId());
        Optional<String> text = utf8(m.payload());
        node.put("payload", text.orElseGet(() -> Base64.getEncoder().encodeToString(m.payload())));
        node.put("payloadEncoding", text.isPresent() ? "text" : "base64");
        putProperties(node, m.properties());
        node.put("createdTime", m.createdMillis());
        node.put("routedTime", routed.routedMillis());
        return node;
    }

    private static void putProperties(ObjectNode node, MessageProperties p) {
        if (p.payloadFormat() != null) {
            node.put("payloadFormat", p.payloadFormat());
        }
        if (p.contentType() != null) {
            node.put("contentType", p.contentType());
        }
        if (p.responseTopic() != null) {
            node.put("responseTopic", p.responseTopic());
        }
        if (p.correlationData() != null) {
            node.put("correlationData", Base64.getEncoder().encodeToString(p.correlationData()));
        }
        if (!p.userProperties().isEmpty()) {
            ArrayNode list = node.putArray("userProperties");
            for (UserProperty u : p.userProperties()) {
                list.addObject().put("key", u.name()).put("value", u.value());
            }
        }
    }

    /** The payload as text when it is well-formed UTF-8. */
    static Optional<String> utf8(byte[] payload) {
        try {
            return Optional.of(StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(payload))
                    .toString());
        } catch (CharacterCodingException e) {
            return Optional.empty();
        }
    }
}
