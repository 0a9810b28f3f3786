package io.relaymq.broker.api.retained;

import io.relaymq.common.message.PublishedMessage;
import io.relaymq.common.message.UserProperty;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

/**
 * A retained message as the API shows it: payload as UTF-8 text (binary payloads as they decode), plus
 * base64 so nothing is lost. User properties come in TBMQ's shape, {@code {"props": [{"k", "v"}]}}, or
 * null when there are none.
 */
public record RetainedMsgView(
        String topic,
        String payload,
        String payloadBase64,
        int qos,
        long createdTime,
        String contentType,
        Long messageExpiryInterval,
        UserProperties userProperties) {

    /** TBMQ's wrapper of MQTT 5 user properties. */
    public record UserProperties(List<Property> props) {}

    public record Property(String k, String v) {}

    static RetainedMsgView of(PublishedMessage m) {
        return new RetainedMsgView(
                m.topic(),
                new String(m.payload(), StandardCharsets.UTF_8),
                Base64.getEncoder().encodeToString(m.payload()),
                m.qos(),
                m.createdMillis(),
                m.properties().contentType(),
                m.properties().expirySeconds(),
                userProperties(m.properties().userProperties()));
    }

    private static UserProperties userProperties(List<UserProperty> properties) {
        if (properties == null || properties.isEmpty()) {
            return null;
        }
        return new UserProperties(
                properties.stream().map(p -> new Property(p.name(), p.value())).toList());
    }
}
