package io.relaymq.broker.integration;

import io.relaymq.broker.cluster.StateWrites;
import io.relaymq.broker.kafka.ConsumerLoops;
import io.relaymq.broker.kafka.KafkaClients;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.broker.kafka.TopicProvisioner;
import io.relaymq.broker.metrics.MqttMetrics;
import io.relaymq.broker.node.NodeProperties;
import io.relaymq.common.node.NodeId;
import io.relaymq.integration.IntegrationExecutorConfiguration;
import io.relaymq.integration.executor.HostKafka;
import io.relaymq.integration.executor.Targets;
import io.relaymq.integration.model.IntegrationRecords;
import io.relaymq.integration.model.IntegrationStatusRecords;
import java.time.Clock;
import java.time.Duration;
import org.apache.kafka.clients.admin.Admin;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import tools.jackson.databind.json.JsonMapper;

/**
 * Wires the broker's side of integrations (the replicated definitions, the router's sink, the checks the admin
 * API runs) and the integration executor inside the node, which {@code relaymq.integration-executor.enabled}
 * switches on or off.
 */
@Configuration(proxyBeanMethods = false)
@Import(IntegrationExecutorConfiguration.class)
class IntegrationConfiguration {

    @Bean
    IntegrationRecords integrationRecords() {
        // its own mapper: the record format must not change with the web API's JSON settings
        return new IntegrationRecords(JsonMapper.builder().build());
    }

    @Bean
    IntegrationCatalog integrationCatalog(
            IntegrationProperties settings,
            KafkaProperties kafka,
            KafkaClients clients,
            ConsumerLoops loops,
            Admin admin,
            NodeId nodeId,
            NodeProperties node,
            StateWrites writes,
            IntegrationRecords records) {
        return new IntegrationCatalog(settings, kafka, clients, loops, admin, nodeId, node, writes, records);
    }

    @Bean
    IntegrationStatuses integrationStatuses(
            IntegrationProperties settings,
            KafkaProperties kafka,
            KafkaClients clients,
            ConsumerLoops loops,
            Admin admin,
            NodeId nodeId,
            NodeProperties node,
            StateWrites writes,
            Clock clock) {
        return new IntegrationStatuses(
                settings,
                kafka,
                clients,
                loops,
                admin,
                nodeId,
                node,
                writes,
                new IntegrationStatusRecords(JsonMapper.builder().build()),
                clock);
    }

    @Bean
    IntegrationEditor integrationEditor(
            IntegrationCatalog catalog, IntegrationProperties settings, Targets targets, Clock clock) {
        return new IntegrationEditor(catalog, settings, targets, clock);
    }

    /** The executor inside this node (when enabled) connects to Kafka as the node does. */
    @Bean
    HostKafka integrationExecutorKafka(KafkaProperties kafka) {
        return new HostKafka(kafka.bootstrapServers(), kafka.clientConfig());
    }

    @Bean
    IntegrationProducer integrationProducer(
            IntegrationCatalog catalog,
            IntegrationProperties settings,
            KafkaClients clients,
            TopicProvisioner topics,
            MqttMetrics metrics,
            Clock clock) {
        topics.ensure(
                settings.messagesTopic(), settings.partitions(), settings.replicationFactor(), settings.retention());
        // bounded like the other routing producers: a Kafka outage must not stall a router thread for a minute
        var producer = clients.producer(
                new KafkaClients.ProducerSpec("integration-msg", "all", 1, 65536, Duration.ofSeconds(2)));
        return new IntegrationProducer(catalog::matching, producer, settings.messagesTopic(), metrics, clock);
    }
}
