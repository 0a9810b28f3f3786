package io.relaymq.integration.executor;

import java.util.Map;

/**
 * The Kafka connection of the application an executor runs inside (a broker node): when such a bean exists, the
 * executor uses it instead of its own {@code bootstrap-servers} and {@code client-config}, so a node's SASL, TLS
 * or IAM settings are set once.
 */
public record HostKafka(String bootstrapServers, Map<String, String> clientConfig) {

    public HostKafka {
        clientConfig = clientConfig == null ? Map.of() : Map.copyOf(clientConfig);
    }
}
