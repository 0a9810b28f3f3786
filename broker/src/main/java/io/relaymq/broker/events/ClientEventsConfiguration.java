package io.relaymq.broker.events;

import io.micrometer.core.instrument.MeterRegistry;
import io.relaymq.broker.kafka.KafkaClients;
import io.relaymq.broker.kafka.TopicProvisioner;
import io.relaymq.broker.routing.MsgAllProducer;
import io.relaymq.broker.session.ClientEvents;
import io.relaymq.common.node.NodeId;
import java.time.Clock;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Wires client lifecycle events: the topic, its producer and the queue in front of it, or nothing when off. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(ClientEventsProperties.class)
class ClientEventsConfiguration {

    private static final Logger log = LoggerFactory.getLogger(ClientEventsConfiguration.class);

    @Bean
    ClientEvents clientEvents(
            ClientEventsProperties settings,
            KafkaClients clients,
            TopicProvisioner topics,
            MsgAllProducer msgAll,
            NodeId node,
            MeterRegistry meters,
            Clock clock) {
        if (!settings.enabled()) {
            log.info("client lifecycle events are off (MQTT_EVENTS_ENABLED)");
            return ClientEvents.NONE;
        }
        topics.ensure(settings.topic(), settings.partitions(), settings.replicationFactor(), settings.retention());
        EventFeed feed = new EventFeed(
                settings.queueCapacity(),
                clients.producer(
                        new KafkaClients.ProducerSpec("client-events", "all", 5, 16384, Duration.ofSeconds(5))),
                settings.topic(),
                settings.sysTopicsEnabled() ? msgAll::send : null,
                new Drops(meters, clock));
        return new LifecycleEvents(node.value(), clock, feed::offer, feed);
    }
}
