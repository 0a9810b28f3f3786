package io.relaymq.broker.cluster;

import io.relaymq.broker.kafka.ConsumerLoops;
import io.relaymq.broker.kafka.KafkaClients;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.broker.kafka.TopicProvisioner;
import io.relaymq.broker.metrics.MqttMetrics;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.SessionRegistry;
import io.relaymq.common.node.NodeId;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The basic downlink: messages for clients of this node routed by other nodes. */
@Configuration(proxyBeanMethods = false)
class DownlinkConfiguration {

    @Bean
    Downlink basicDownlink(
            KafkaProperties kafka, KafkaClients clients, TopicProvisioner topics, NodeId nodeId, MqttMetrics metrics) {
        return new Downlink(kafka.downlink().topicPrefix(), kafka.downlink(), clients, topics, nodeId, metrics);
    }

    @Bean
    RemoteDelivery remoteDelivery(Downlink basicDownlink) {
        return basicDownlink.remoteDelivery();
    }

    @Bean
    DownlinkConsumer basicDownlinkConsumer(
            KafkaClients clients,
            ConsumerLoops loops,
            Downlink basicDownlink,
            SessionRegistry sessions,
            MqttMetrics metrics,
            NodeId nodeId) {
        return new DownlinkConsumer("downlink", clients, loops, basicDownlink, nodeId, (clientId, value) -> {
            ClientSession session = sessions.get(clientId);
            if (session == null) {
                metrics.dropped("session_moved", 1);
            } else {
                session.deliver(OutboundMessageCodec.decode(value));
            }
        });
    }
}
