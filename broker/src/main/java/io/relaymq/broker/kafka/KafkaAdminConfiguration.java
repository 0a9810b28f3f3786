package io.relaymq.broker.kafka;

import io.micrometer.core.instrument.MeterRegistry;
import org.apache.kafka.clients.admin.Admin;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The node's Kafka admin client and what every consumer loop shares (dead letters, supervision). */
@Configuration(proxyBeanMethods = false)
class KafkaAdminConfiguration {

    /** One admin client per node; closed with the context. */
    @Bean(destroyMethod = "close")
    Admin kafkaAdmin(KafkaClients clients) {
        return clients.admin();
    }

    @Bean
    DeadLetters deadLetters(
            KafkaProperties kafka, KafkaClients clients, TopicProvisioner topics, MeterRegistry meters) {
        return new DeadLetters(kafka, clients, topics, meters);
    }

    @Bean
    ConsumerLoops consumerLoops(DeadLetters deadLetters, KafkaProperties kafka, MeterRegistry meters) {
        return new ConsumerLoops(deadLetters, kafka, meters);
    }
}
