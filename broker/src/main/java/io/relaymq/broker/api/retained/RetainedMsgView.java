package io.relaymq.broker.api.retained;

import io.relaymq.common.message.PublishedMessage;
import io.relaymq.common.message.UserProperty;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

/**
 * A retained message as the API shows it: payload as UTF-8 text (binary payloads as they decode), plus
 * base64 so nothing is lost.
 */
public record RetainedMsgView(
        String topic,
        String payload,
        String payloadBase64,
        int qos,
        long createdTime,
        String contentType,
        Long messageExpiryInterval,
        List<UserProperty> userProperties) {

    static RetainedMsgView of(PublishedMessage m) {
        return new RetainedMsgView(
                m.topic(),
                new String(m.payload(), StandardCharsets.UTF_8),
                Base64.getEncoder().encodeToString(m.payload()),
                m.qos(),
                m.createdMillis(),
                m.properties().contentType(),
                m.properties().expirySeconds(),
                m.properties().userProperties());
    }
}
