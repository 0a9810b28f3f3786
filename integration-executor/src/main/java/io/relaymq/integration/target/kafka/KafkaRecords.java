package io.relaymq.integration.target.kafka;

import io.relaymq.common.message.UserProperty;
import io.relaymq.integration.model.IntegrationMessage;
import io.relaymq.integration.target.DeliveryException;
import io.relaymq.integration.target.MessageJson;
import io.relaymq.integration.target.Template;
import io.relaymq.integration.target.kafka.KafkaSettings.ValueFormat;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;

/** Builds the record of one message: rendered topic and key, value, static headers and user properties. */
final class KafkaRecords {

    private final Template topic;
    private final Template key;
    private final boolean noKey;
    private final ValueFormat value;
    private final List<Header> staticHeaders;
    private final boolean forwardUserProperties;
    private final MessageJson json;

    KafkaRecords(KafkaSettings settings, MessageJson json) {
        this.topic = Template.of(settings.topic());
        this.key = Template.of(settings.key());
        this.noKey = settings.key().isEmpty();
        this.value = settings.value();
        this.staticHeaders = new ArrayList<>();
        for (Map.Entry<String, String> h : settings.headers().entrySet()) {
            staticHeaders.add(new RecordHeader(h.getKey(), h.getValue().getBytes(StandardCharsets.UTF_8)));
        }
        this.forwardUserProperties = settings.forwardUserProperties();
        this.json = json;
    }

    /** The record; a non-retryable DeliveryException when the rendered topic is not a legal name. */
    ProducerRecord<byte[], byte[]> record(IntegrationMessage routed) throws DeliveryException {
        String name = topic.render(routed);
        var problem = KafkaTopicName.problem(name);
        if (problem.isPresent()) {
            throw new DeliveryException(problem.get() + ": '" + shorten(name) + "'", false);
        }
        byte[] recordKey = noKey ? null : key.render(routed).getBytes(StandardCharsets.UTF_8);
        byte[] recordValue = value == ValueFormat.JSON
                ? json.encode(routed)
                : routed.message().payload();
        return new ProducerRecord<>(name, null, recordKey, recordValue, headers(routed));
    }

    private List<Header> headers(IntegrationMessage routed) {
        List<Header> headers = new ArrayList<>(staticHeaders);
        if (forwardUserProperties) {
            for (UserProperty p : routed.message().properties().userProperties()) {
                headers.add(new RecordHeader(p.name(), p.value().getBytes(StandardCharsets.UTF_8)));
            }
        }
        return headers;
    }

    private static String shorten(String name) {
        return name.length() <= 300 ? name : name.substring(0, 300) + "…";
    }
}
