package io.relaymq.broker.session;

import io.relaymq.broker.metrics.MqttMetrics;
import io.relaymq.broker.subscription.SubscriptionTrie;
import io.relaymq.common.message.PublishedMessage;
import java.time.Clock;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * What every session needs from the node, handed over explicitly.
 *
 * @param trie               the node's subscriptions, cleaned when a session ends
 * @param registry           the node's sessions
 * @param willSink           publishes a will message like any other PUBLISH
 * @param sharedOrphans      takes back shared-subscription messages a leaving member did not finish
 *                           (message, the leaving client id)
 * @param subscriptionChanges tells the cluster about subscription changes of local sessions
 * @param sessionChanges     tells the cluster where local sessions are and whether they are connected
 * @param maxInflightOutbound the broker's in-flight limit per client
 * @param maxQueued          queue limit per session
 * @param metrics            counters
 * @param clock              time source (message expiry)
 * @param writer             writes outbound PUBLISH and PUBREL packets
 * @param outbounds          chooses between in-memory and persistent delivery for new sessions
 * @param memoryPressure     whether the node is short of memory
 * @param maxQueuedBytes     payload bytes queued and in flight per session in memory
 * @param inboundQos2        keeps the received QoS 2 packet ids of persistent sessions outside the node
 * @param events             told about connects, disconnects, subscriptions and session ends
 */
public record SessionContext(
        SubscriptionTrie trie,
        SessionRegistry registry,
        Consumer<PublishedMessage> willSink,
        BiConsumer<OutboundMessage, String> sharedOrphans,
        SubscriptionChanges subscriptionChanges,
        SessionChanges sessionChanges,
        int maxInflightOutbound,
        int maxQueued,
        MqttMetrics metrics,
        Clock clock,
        OutboundWriter writer,
        OutboundFactory outbounds,
        BooleanSupplier memoryPressure,
        long maxQueuedBytes,
        InboundQos2Store inboundQos2,
        ClientEvents events) {}
