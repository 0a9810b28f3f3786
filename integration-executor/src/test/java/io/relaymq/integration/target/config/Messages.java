package io.relaymq.integration.target.config;

import io.relaymq.common.message.MessageProperties;
import io.relaymq.common.message.PublishedMessage;
import io.relaymq.common.message.UserProperty;
import io.relaymq.integration.model.IntegrationMessage;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;

/** Routed messages for tests. */
public final class Messages {

    public static final UUID INTEGRATION = UUID.fromString("00000000-0000-4000-8000-000000000024");

    private Messages() {}

    public static IntegrationMessage plain(String topic, String publisher, String payload) {
        return routed(new PublishedMessage(
                topic,
                1,
                false,
                payload.getBytes(StandardCharsets.UTF_8),
                publisher,
                System.currentTimeMillis(),
                MessageProperties.NONE));
    }

    public static IntegrationMessage withProperties(String topic, int qos, boolean retain, String payload) {
        MessageProperties properties = new MessageProperties(
                1,
                3600L,
                "text/plain",
                "reply/here",
                new byte[] {1, 2, 3},
                List.of(new UserProperty("trace", "t-1"), new UserProperty("trace", "t-2")));
        return routed(new PublishedMessage(
                topic,
                qos,
                retain,
                payload.getBytes(StandardCharsets.UTF_8),
                "sensor-7",
                System.currentTimeMillis(),
                properties));
    }

    public static IntegrationMessage routed(PublishedMessage message) {
        return new IntegrationMessage(INTEGRATION, message, System.currentTimeMillis());
    }
}
