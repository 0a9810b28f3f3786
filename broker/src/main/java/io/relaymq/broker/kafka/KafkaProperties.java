package io.relaymq.broker.kafka;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * Kafka connection settings ({@code relaymq.kafka.*}).
 *
 * @param bootstrapServers comma-separated host:port list
 * @param apiTimeout       bound of one admin call (health check, topic checks)
 * @param clientConfig     extra client properties for every producer, consumer and admin client
 *                         (SASL, TLS, …), e.g. {@code security.protocol: SSL}
 */
@Validated
@ConfigurationProperties("relaymq.kafka")
public record KafkaProperties(@NotBlank String bootstrapServers, @NotNull Duration apiTimeout,
                              Map<String, String> clientConfig) {

    public KafkaProperties {
        clientConfig = clientConfig == null ? Map.of() : Map.copyOf(clientConfig);
    }
}
