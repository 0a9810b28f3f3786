package io.relaymq.broker.persistence.device;

import io.relaymq.broker.cluster.Downlink;
import io.relaymq.broker.cluster.DownlinkConsumer;
import io.relaymq.broker.cluster.SessionReplica;
import io.relaymq.broker.kafka.ConsumerLoops;
import io.relaymq.broker.kafka.KafkaClients;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.broker.kafka.TopicProvisioner;
import io.relaymq.broker.limits.QuotaProperties;
import io.relaymq.broker.metrics.MqttMetrics;
import io.relaymq.broker.node.NodeProperties;
import io.relaymq.broker.session.SessionRegistry;
import io.relaymq.common.node.NodeId;
import io.relaymq.dao.device.DeviceMessageStore;
import io.relaymq.dao.inbound.ReceivedQos2Ids;
import io.relaymq.dao.redis.CommandBatcher;
import io.relaymq.dao.redis.RedisConnector;
import io.relaymq.redis.lua.DeviceSessionScripts;
import java.time.Clock;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Wires the persistent DEVICE session pipeline: msg.persisted → Redis → owning node. */
@Configuration(proxyBeanMethods = false)
class DevicePersistenceConfiguration {

    private static final Logger log = LoggerFactory.getLogger(DevicePersistenceConfiguration.class);

    /** The connection of the device message store, with its own write batching. */
    @Bean(destroyMethod = "close")
    CommandBatcher deviceStoreBatcher(RedisConnector connector, DevicePersistenceProperties settings) {
        return new CommandBatcher(
                connector.connectBinary(),
                settings.redis().batchMaxCommands(),
                settings.redis().batchMaxDelay());
    }

    @Bean
    DeviceMessageStore deviceMessageStore(
            CommandBatcher deviceStoreBatcher,
            DevicePersistenceProperties settings,
            NodeProperties node,
            QuotaProperties quotas,
            MqttMetrics metrics) {
        DeviceMessageStore store = new DeviceMessageStore(
                deviceStoreBatcher,
                DeviceSessionScripts.load(),
                settings.persistedMessagesLimit(),
                quotas.maxQueuedBytesPerClient(),
                new StoredTrimLog(metrics));
        try {
            store.loadScripts()
                    .toCompletableFuture()
                    .get(node.dependencyTimeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            // not fatal: a script unknown to a master is sent in full on its first call there
            log.warn("Loading the Lua scripts into Redis failed: {}", e.toString());
        }
        return store;
    }

    @Bean
    RedisDeviceSessionStore deviceSessionStore(DeviceMessageStore deviceMessageStore, MqttMetrics metrics) {
        return new RedisDeviceSessionStore(deviceMessageStore, metrics);
    }

    /** Inbound QoS 2 packet ids of persistent sessions, on the device store's connection. */
    @Bean
    RedisInboundQos2Store inboundQos2Store(CommandBatcher deviceStoreBatcher, NodeId nodeId) {
        return new RedisInboundQos2Store(
                new ReceivedQos2Ids(deviceStoreBatcher, DeviceSessionScripts.load()), nodeId.value());
    }

    @Bean
    PersistedProducer persistedProducer(
            DevicePersistenceProperties settings, KafkaClients clients, TopicProvisioner topics, MqttMetrics metrics) {
        return new PersistedProducer(settings.kafka(), clients, topics, metrics);
    }

    @Bean
    DeviceOutbounds deviceOutbounds(
            RedisDeviceSessionStore deviceSessionStore,
            PersistedProducer persistedProducer,
            DevicePersistenceProperties settings) {
        return new DeviceOutbounds(deviceSessionStore, persistedProducer, settings);
    }

    @Bean
    Downlink persistedDownlink(
            DevicePersistenceProperties settings,
            KafkaProperties kafka,
            KafkaClients clients,
            TopicProvisioner topics,
            NodeId nodeId,
            MqttMetrics metrics) {
        return new Downlink(settings.kafka().downlinkTopicPrefix(), kafka.downlink(), clients, topics, nodeId, metrics);
    }

    @Bean
    PersistedDelivery persistedDelivery(
            SessionRegistry sessions,
            SessionReplica sessionReplica,
            Downlink persistedDownlink,
            MqttMetrics metrics,
            NodeId nodeId) {
        return new PersistedDelivery(sessions, sessionReplica::get, persistedDownlink, metrics, nodeId.value());
    }

    @Bean
    DownlinkConsumer persistedDownlinkConsumer(
            KafkaClients clients,
            ConsumerLoops loops,
            Downlink persistedDownlink,
            PersistedDelivery persistedDelivery,
            NodeId nodeId) {
        return new DownlinkConsumer(
                "downlink-persisted", clients, loops, persistedDownlink, nodeId, persistedDelivery::arrived);
    }

    @Bean
    DevicePersistenceConsumer devicePersistenceConsumer(
            DevicePersistenceProperties settings,
            KafkaClients clients,
            ConsumerLoops loops,
            DeviceMessageStore deviceMessageStore,
            PersistedDelivery persistedDelivery,
            MqttMetrics metrics,
            Clock clock) {
        return new DevicePersistenceConsumer(
                settings, clients, loops, deviceMessageStore, persistedDelivery, metrics, clock);
    }
}
