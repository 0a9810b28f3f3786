package io.relaymq.broker.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.relaymq.broker.support.ShippedConfiguration;
import io.relaymq.common.node.NodeId;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.producer.Producer;
import org.junit.jupiter.api.Test;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.PropertySource;
import org.springframework.core.io.ByteArrayResource;

/**
 * Amazon MSK with IAM access control: the client properties the README and the chart give (a mounted YAML
 * under {@code relaymq.kafka.client-config}) make working Kafka clients. Creating a client loads the SASL
 * login module and callback handler, so this fails when the MSK IAM library is not on the classpath.
 */
class MskIamClientConfigTest {

    /** As {@code kafka.clientConfig} in the chart renders it into {@code /config/application.yml} (a client resolves its
     * bootstrap names when it is created: the stand-in MSK address is a loopback one). */
    private static final String MOUNTED = """
            relaymq:
              kafka:
                client-config:
                  security.protocol: SASL_SSL
                  sasl.mechanism: AWS_MSK_IAM
                  sasl.jaas.config: software.amazon.msk.auth.iam.IAMLoginModule required;
                  sasl.client.callback.handler.class: software.amazon.msk.auth.iam.IAMClientCallbackHandler
            """;

    private static KafkaProperties shippedWithMounted() throws IOException {
        List<PropertySource<?>> overrides = new ArrayList<>(
                new YamlPropertySourceLoader().load("mounted", new ByteArrayResource(MOUNTED.getBytes())));
        overrides.add(new MapPropertySource("environment", Map.of("KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:9098")));
        return ShippedConfiguration.bind("relaymq.kafka", KafkaProperties.class, overrides);
    }

    @Test
    void theMountedIamSettingsReachEveryClientAndTheClientsStart() throws IOException {
        KafkaClients clients =
                new KafkaClients(shippedWithMounted(), new NodeId("iam-node"), new SimpleMeterRegistry());

        assertThat(clients.producerConfig(KafkaClients.ProducerSpec.reliable("iam")))
                .containsEntry("bootstrap.servers", "127.0.0.1:9098")
                .containsEntry("security.protocol", "SASL_SSL")
                .containsEntry("sasl.mechanism", "AWS_MSK_IAM");
        try (Producer<byte[], byte[]> producer = clients.producer(KafkaClients.ProducerSpec.reliable("iam"));
                Consumer<byte[], byte[]> reader = clients.reader("iam-reader")) {
            assertThat(producer.metrics()).isNotEmpty();
            assertThat(reader.metrics()).isNotEmpty();
        } finally {
            clients.destroy();
        }
    }
}
