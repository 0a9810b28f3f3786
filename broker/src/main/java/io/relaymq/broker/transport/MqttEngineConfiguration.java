package io.relaymq.broker.transport;

import io.micrometer.core.instrument.MeterRegistry;
import io.relaymq.broker.auth.provider.X509AuthProvider;
import io.relaymq.broker.cluster.NodeRegistry;
import io.relaymq.broker.cluster.RemoteDelivery;
import io.relaymq.broker.cluster.RemoteSubscriptions;
import io.relaymq.broker.cluster.ReplicatedSessionDirectory;
import io.relaymq.broker.cluster.SessionReplica;
import io.relaymq.broker.cluster.SubscriptionReplica;
import io.relaymq.broker.connect.ConnectHandler;
import io.relaymq.broker.connect.ConnectValidator;
import io.relaymq.broker.connect.DisconnectHandler;
import io.relaymq.broker.limits.ConnectAdmission;
import io.relaymq.broker.limits.LimitsProperties;
import io.relaymq.broker.limits.MemoryPressure;
import io.relaymq.broker.limits.QuotaProperties;
import io.relaymq.broker.metrics.MqttMetrics;
import io.relaymq.broker.mqtt.MqttSettings;
import io.relaymq.broker.mqtt.TopicLimits;
import io.relaymq.broker.node.NodeProperties;
import io.relaymq.broker.persistence.application.ApplicationClientCap;
import io.relaymq.broker.persistence.application.ApplicationReaders;
import io.relaymq.broker.persistence.application.SessionOutbounds;
import io.relaymq.broker.persistence.application.SharedFilterCap;
import io.relaymq.broker.persistence.device.DeviceOutbounds;
import io.relaymq.broker.persistence.device.PersistedProducer;
import io.relaymq.broker.persistence.device.RedisInboundQos2Store;
import io.relaymq.broker.publish.AckHandler;
import io.relaymq.broker.publish.InboundPublishHandler;
import io.relaymq.broker.retain.RetainedMessages;
import io.relaymq.broker.retain.RetainedQuota;
import io.relaymq.broker.retain.RetainedReplica;
import io.relaymq.broker.routing.IntegrationSink;
import io.relaymq.broker.routing.MsgAllProducer;
import io.relaymq.broker.routing.MsgAllReceipts;
import io.relaymq.broker.routing.Router;
import io.relaymq.broker.routing.SharedSubscriptionPicker;
import io.relaymq.broker.session.ClientEvents;
import io.relaymq.broker.session.OutboundWriter;
import io.relaymq.broker.session.SessionContext;
import io.relaymq.broker.session.SessionRegistry;
import io.relaymq.broker.subscribe.SubscribeHandler;
import io.relaymq.broker.subscription.SubscriptionTrie;
import io.relaymq.common.message.PublishedMessage;
import java.time.Clock;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Wires the MQTT engine: shared state, packet handlers, listeners. */
@Configuration(proxyBeanMethods = false)
class MqttEngineConfiguration {

    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }

    @Bean
    SubscriptionTrie subscriptionTrie(MeterRegistry meters) {
        SubscriptionTrie trie = new SubscriptionTrie();
        meters.gauge("relaymq.subscriptions", trie, SubscriptionTrie::size);
        return trie;
    }

    @Bean
    SessionRegistry sessionRegistry(MeterRegistry meters) {
        SessionRegistry registry = new SessionRegistry();
        meters.gauge("relaymq.sessions", registry, SessionRegistry::size);
        return registry;
    }

    @Bean
    RetainedMessages retainedMessages(MeterRegistry meters) {
        RetainedMessages retained = new RetainedMessages();
        meters.gauge("relaymq.retained.messages", retained, RetainedMessages::size);
        return retained;
    }

    @Bean
    RetainedQuota retainedQuota(RetainedMessages retained, QuotaProperties quotas, MeterRegistry meters) {
        meters.gauge("relaymq.retained.bytes", retained, RetainedMessages::payloadBytes);
        return new RetainedQuota(retained, quotas.maxRetainedMessages(), quotas.maxRetainedBytes());
    }

    @Bean
    RemoteSubscriptions remoteSubscriptions(MeterRegistry meters) {
        RemoteSubscriptions remote = new RemoteSubscriptions();
        meters.gauge("relaymq.subscriptions.remote", remote, RemoteSubscriptions::size);
        return remote;
    }

    @Bean
    SessionOutbounds sessionOutbounds(
            DeviceOutbounds deviceOutbounds,
            ApplicationReaders applicationReaders,
            PersistedProducer persistedProducer) {
        return new SessionOutbounds(deviceOutbounds, applicationReaders, persistedProducer);
    }

    @Bean
    Router router(
            SubscriptionTrie trie,
            RemoteSubscriptions remote,
            SessionRegistry sessions,
            RetainedReplica retained,
            RemoteDelivery remoteDelivery,
            SessionReplica sessionReplica,
            PersistedProducer persistedProducer,
            IntegrationSink integrations,
            MqttMetrics metrics,
            Clock clock) {
        return new Router(
                trie,
                remote,
                sessions,
                retained,
                new SharedSubscriptionPicker(),
                remoteDelivery,
                sessionReplica::get,
                persistedProducer,
                integrations,
                metrics,
                clock);
    }

    @Bean
    SessionContext sessionContext(
            SubscriptionTrie trie,
            SessionRegistry registry,
            MsgAllProducer producer,
            Router router,
            SubscriptionReplica subscriptionReplica,
            SessionReplica sessionReplica,
            SessionOutbounds sessionOutbounds,
            MqttSettings settings,
            MqttMetrics metrics,
            Clock clock,
            MemoryPressure memory,
            RetainedQuota retainedQuota,
            QuotaProperties quotas,
            RedisInboundQos2Store inboundQos2Store,
            ClientEvents events) {
        return new SessionContext(
                trie,
                registry,
                will -> producer.send(willWithinQuota(will, retainedQuota, metrics)),
                router::redeliverShared,
                subscriptionReplica,
                sessionReplica,
                settings.maxInflightOutbound(),
                settings.maxQueuedMessages(),
                metrics,
                clock,
                new OutboundWriter(metrics, clock),
                sessionOutbounds,
                memory::isUnderPressure,
                quotas.maxQueuedBytesPerClient(),
                inboundQos2Store,
                events);
    }

    /** A retained will beyond the retained quotas is published, but not retained (nobody is left to tell). */
    private static PublishedMessage willWithinQuota(PublishedMessage will, RetainedQuota quota, MqttMetrics metrics) {
        String refused = will.retain() ? quota.refusal(will.topic(), will.payload().length) : null;
        if (refused == null) {
            return will;
        }
        metrics.quotaExceeded(refused);
        return will.withRetain(false);
    }

    @Bean
    ConnectHandler connectHandler(
            SessionRegistry registry,
            SessionContext sessionContext,
            MqttSettings settings,
            MqttMetrics metrics,
            Clock clock,
            ReplicatedSessionDirectory cluster,
            ApplicationClientCap authenticator,
            ConnectAdmission admission,
            TopicLimits topicLimits) {
        return new ConnectHandler(
                new ConnectValidator(settings, topicLimits, clock),
                registry,
                sessionContext,
                settings,
                metrics,
                cluster,
                authenticator,
                admission);
    }

    @Bean
    PacketDispatcher packetDispatcher(
            MsgAllProducer producer,
            RetainedMessages retained,
            MqttSettings settings,
            MqttMetrics metrics,
            Clock clock,
            TopicLimits topicLimits,
            SharedFilterCap sharedFilterCap,
            QuotaProperties quotas,
            RetainedQuota retainedQuota,
            MsgAllReceipts receipts) {
        return new PacketDispatcher(
                new InboundPublishHandler(
                        producer, settings, topicLimits, metrics, clock, retainedQuota::refusal, receipts),
                new AckHandler(),
                new SubscribeHandler(
                        retained, topicLimits, clock, sharedFilterCap, quotas.maxSubscriptionsPerClient(), metrics),
                new DisconnectHandler(settings));
    }

    @Bean
    MqttServer mqttServer(
            MqttSettings settings,
            ConnectHandler connectHandler,
            PacketDispatcher dispatcher,
            MqttMetrics metrics,
            X509AuthProvider x509,
            LimitsProperties limits,
            DrainProperties drain,
            ObjectProvider<NodeRegistry> nodes,
            NodeProperties node,
            Clock clock,
            PreAuthLimits preAuth) {
        DrainPolicy policy =
                new DrainPolicy(() -> othersAlive(nodes.getObject(), node, clock), drain.rate(), drain.timeout());
        return new MqttServer(
                settings,
                preAuth,
                () -> new MqttConnectionHandler(connectHandler, dispatcher, metrics, limits.publishRate()),
                x509::skipValidity,
                policy);
    }

    private static boolean othersAlive(NodeRegistry nodes, NodeProperties node, Clock clock) {
        try {
            long now = clock.millis();
            String self = nodes.self().value();
            return nodes.nodes().stream().anyMatch(n -> !n.nodeId().equals(self) && n.isAliveAt(now, node.deadAfter()));
        } catch (Exception e) {
            throw new IllegalStateException("cannot read the node registry", e);
        }
    }
}
