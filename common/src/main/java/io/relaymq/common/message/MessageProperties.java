package io.relaymq.common.message;

import java.util.List;

/**
 * The MQTT 5 properties that travel with an application message from publisher to subscribers
 * (topic alias and subscription identifiers are per connection and are not part of it).
 *
 * @param payloadFormat   0 unspecified bytes, 1 UTF-8; null when absent
 * @param expirySeconds   message expiry interval as published; null when the message does not expire
 * @param contentType     MIME type; null when absent
 * @param responseTopic   request/response topic; null when absent
 * @param correlationData request/response correlation; null when absent
 * @param userProperties  user properties in order
 */
public record MessageProperties(
        Integer payloadFormat,
        Long expirySeconds,
        String contentType,
        String responseTopic,
        byte[] correlationData,
        List<UserProperty> userProperties) {

    public static final MessageProperties NONE = new MessageProperties(null, null, null, null, null, List.of());

    public MessageProperties {
        userProperties = userProperties == null ? List.of() : List.copyOf(userProperties);
    }

    public boolean isEmpty() {
        return payloadFormat == null
                && expirySeconds == null
                && contentType == null
                && responseTopic == null
                && correlationData == null
                && userProperties.isEmpty();
    }
}
