package io.relaymq.localinfra.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StackEndpointsTest {

    @Test
    void envFileRoundTripsEvenWithQuotesInValues(@TempDir Path dir) {
        StackEndpoints endpoints = new StackEndpoints(
                "127.0.0.1:9092",
                "127.0.0.1:7000,127.0.0.1:7001",
                "jdbc:postgresql://127.0.0.1:5433/relaymq",
                "relaymq",
                "it's secret");
        Path file = dir.resolve("stack.env");
        endpoints.writeTo(file);
        assertThat(StackEndpoints.readFrom(file)).isEqualTo(endpoints);
    }

    @Test
    void brokerEnvironmentUsesTheBrokersConfigurationNames() {
        StackEndpoints endpoints = new StackEndpoints("k:1", "r:2", "jdbc:x", "u", "p");
        assertThat(endpoints.brokerEnvironment())
                .containsEntry("KAFKA_BOOTSTRAP_SERVERS", "k:1")
                .containsEntry("REDIS_NODES", "r:2")
                .containsEntry("SPRING_DATASOURCE_URL", "jdbc:x")
                .containsEntry("SPRING_DATASOURCE_USERNAME", "u")
                .containsEntry("SPRING_DATASOURCE_PASSWORD", "p");
        assertThat(endpoints.asExports()).contains("export REDIS_NODES='r:2'\n");
    }
}
