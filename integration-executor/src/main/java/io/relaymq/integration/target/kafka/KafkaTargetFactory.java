package io.relaymq.integration.target.kafka;

import io.relaymq.integration.model.IntegrationDefinition;
import io.relaymq.integration.model.IntegrationType;
import io.relaymq.integration.target.DeliveryException;
import io.relaymq.integration.target.MessageJson;
import io.relaymq.integration.target.Target;
import io.relaymq.integration.target.TargetFactory;
import io.relaymq.integration.target.config.Checked;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.clients.producer.KafkaProducer;
import tools.jackson.databind.JsonNode;

/** Kafka integrations: each open target has one producer of its own to an external cluster. */
public final class KafkaTargetFactory implements TargetFactory {

    private final MessageJson json;

    public KafkaTargetFactory(MessageJson json) {
        this.json = json;
    }

    @Override
    public IntegrationType type() {
        return IntegrationType.KAFKA;
    }

    @Override
    public List<String> validate(JsonNode configuration) {
        return KafkaConfig.read(configuration).problems();
    }

    @Override
    public Target open(IntegrationDefinition definition) throws DeliveryException {
        Checked<KafkaSettings> checked = KafkaConfig.read(definition.configuration());
        if (!checked.valid()) {
            throw new DeliveryException("invalid Kafka configuration: " + String.join("; ", checked.problems()), false);
        }
        KafkaSettings settings = checked.settings();
        Properties properties = KafkaProducerProperties.of(definition.id(), settings);
        return new KafkaTarget(
                () -> new KafkaProducer<>(properties), new KafkaRecords(settings, json), settings.requestTimeoutMs());
    }
}
