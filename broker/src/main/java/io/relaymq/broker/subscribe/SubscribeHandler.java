package io.relaymq.broker.subscribe;

import io.netty.handler.codec.mqtt.MqttFixedHeader;
import io.netty.handler.codec.mqtt.MqttMessageIdAndPropertiesVariableHeader;
import io.netty.handler.codec.mqtt.MqttMessageType;
import io.netty.handler.codec.mqtt.MqttProperties;
import io.netty.handler.codec.mqtt.MqttQoS;
import io.netty.handler.codec.mqtt.MqttReasonCodes;
import io.netty.handler.codec.mqtt.MqttSubAckMessage;
import io.netty.handler.codec.mqtt.MqttSubAckPayload;
import io.netty.handler.codec.mqtt.MqttSubscribeMessage;
import io.netty.handler.codec.mqtt.MqttSubscriptionOption;
import io.netty.handler.codec.mqtt.MqttTopicSubscription;
import io.netty.handler.codec.mqtt.MqttUnsubAckMessage;
import io.netty.handler.codec.mqtt.MqttUnsubAckPayload;
import io.netty.handler.codec.mqtt.MqttUnsubscribeMessage;
import io.relaymq.broker.metrics.MqttMetrics;
import io.relaymq.broker.mqtt.MqttProps;
import io.relaymq.broker.mqtt.TopicLimits;
import io.relaymq.broker.retain.RetainedMessages;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.MqttConnection;
import io.relaymq.broker.session.OutboundMessage;
import io.relaymq.broker.session.QuotaLog;
import io.relaymq.broker.subscription.Subscription;
import io.relaymq.broker.subscription.SubscriptionOptions;
import io.relaymq.broker.topic.TopicFilter;
import io.relaymq.common.message.PublishedMessage;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * SUBSCRIBE and UNSUBSCRIBE. Each filter gets its own result in SUBACK ([MQTT-3.8.4-6]); a new
 * subscription replaces an existing one with the same filter ([MQTT-3.8.4-3]); retained messages follow
 * the SUBACK per Retain Handling, never for shared subscriptions (MQTT 5.0 §4.8.2). A filter outside the
 * client's subscribe rules gets "not authorized" (0x87; 3.1.1: failure 0x80); a shared subscription is
 * checked with its whole text, share name included. A malformed filter closes the connection before
 * anything of the packet is applied; one over the topic limits gets 0x8F (3.1.1: 0x80). A session holds at
 * most {@code maxSubscriptions} filters: a further new filter gets "quota exceeded" (0x97; 3.1.1: failure
 * 0x80), while subscribing again to a filter it holds replaces it as usual; so does a shared filter beyond
 * the {@link SharedFilterQuota}. Runs on the session's thread.
 */
public final class SubscribeHandler {

    private static final Logger log = LoggerFactory.getLogger(SubscribeHandler.class);
    private static final int FAILURE_V3 = MqttQoS.FAILURE.value();
    private static final int TOPIC_FILTER_INVALID = unsigned(MqttReasonCodes.SubAck.TOPIC_FILTER_INVALID);
    private static final int NO_SUBSCRIPTION_EXISTED =
            Byte.toUnsignedInt(MqttReasonCodes.UnsubAck.NO_SUBSCRIPTION_EXISTED.byteValue());
    private static final int NOT_AUTHORIZED = unsigned(MqttReasonCodes.SubAck.NOT_AUTHORIZED);
    private static final int QUOTA_EXCEEDED = unsigned(MqttReasonCodes.SubAck.QUOTA_EXCEEDED);

    private final RetainedMessages retained;
    private final TopicLimits topicLimits;
    private final Clock clock;
    private final SharedFilterQuota sharedFilters;
    private final int maxSubscriptions;
    private final MqttMetrics metrics;
    private final QuotaLog quotaLog = new QuotaLog(log, "subscriptions quota exceeded");

    /**
     * @param sharedFilters    admits new shared-subscription filters
     * @param maxSubscriptions topic filters one session may hold
     * @param metrics          counts refused filters (null: not counted)
     */
    public SubscribeHandler(
            RetainedMessages retained,
            TopicLimits topicLimits,
            Clock clock,
            SharedFilterQuota sharedFilters,
            int maxSubscriptions,
            MqttMetrics metrics) {
        this.retained = retained;
        this.topicLimits = topicLimits;
        this.clock = clock;
        this.sharedFilters = sharedFilters;
        this.maxSubscriptions = maxSubscriptions;
        this.metrics = metrics;
    }

    public void subscribe(MqttConnection connection, ClientSession session, MqttSubscribeMessage subscribe) {
        int packetId = subscribe.idAndPropertiesVariableHeader().messageId();
        MqttProperties props = connection.isV5()
                ? subscribe.idAndPropertiesVariableHeader().properties()
                : MqttProperties.NO_PROPERTIES;
        if (subscribe.payload().topicSubscriptions().isEmpty()) {
            // [MQTT-3.8.3-3]
            log.info("{} disconnected: SUBSCRIBE without topic filters", connection);
            connection.close(MqttReasonCodes.Disconnect.PROTOCOL_ERROR.byteValue());
            return;
        }
        Integer subscriptionId = MqttProps.integer(props, MqttProperties.SUBSCRIPTION_IDENTIFIER);
        if (subscriptionId != null && subscriptionId == 0) {
            log.info("{} disconnected: subscription identifier 0", connection);
            connection.close(MqttReasonCodes.Disconnect.PROTOCOL_ERROR.byteValue());
            return;
        }
        List<TopicFilter> filters = validFilters(connection, subscribe.payload().topicSubscriptions());
        if (filters == null) {
            return;
        }
        List<Integer> codes = new ArrayList<>();
        List<OutboundMessage> retainedToSend = new ArrayList<>();
        for (int i = 0; i < filters.size(); i++) {
            MqttTopicSubscription request =
                    subscribe.payload().topicSubscriptions().get(i);
            TopicFilter filter = filters.get(i);
            MqttSubscriptionOption option = request.option();
            String overLimit = topicLimits.checkFilter(filter);
            if (overLimit != null) {
                log.info("{} SUBSCRIBE refused: a filter {}", connection, overLimit);
                codes.add(connection.isV5() ? TOPIC_FILTER_INVALID : FAILURE_V3);
                continue;
            }
            if (!connection.grant().maySubscribe(filter.text())) {
                log.info("{} not authorized to subscribe to '{}'", connection, request.topicName());
                codes.add(connection.isV5() ? NOT_AUTHORIZED : FAILURE_V3);
                continue;
            }
            if (!session.hasSubscription(filter) && session.subscriptionCount() >= maxSubscriptions) {
                quotaExceeded(connection, request.topicName());
                codes.add(connection.isV5() ? QUOTA_EXCEEDED : FAILURE_V3);
                continue;
            }
            if (!sharedFilters.admits(session, filter)) {
                log.info(
                        "{} shared subscription '{}' refused: MQTT_MAX_SHARED_SUBSCRIPTIONS topic filters exist",
                        connection,
                        request.topicName());
                codes.add(connection.isV5() ? QUOTA_EXCEEDED : FAILURE_V3);
                continue;
            }
            int qos = option.qos().value();
            SubscriptionOptions options = new SubscriptionOptions(
                    qos,
                    option.isNoLocal(),
                    option.isRetainAsPublished(),
                    option.retainHandling().value(),
                    subscriptionId == null ? 0 : subscriptionId);
            boolean isNew = session.subscribe(new Subscription(connection.clientId(), filter, options));
            codes.add(qos);
            if (!filter.isShared() && (options.retainHandling() == 0 || (options.retainHandling() == 1 && isNew))) {
                for (PublishedMessage m : retained.matching(filter, clock.millis())) {
                    retainedToSend.add(new OutboundMessage(
                            m,
                            Math.min(m.qos(), qos),
                            true,
                            options.subscriptionId() > 0 ? List.of(options.subscriptionId()) : List.of()));
                }
            }
        }
        connection.send(new MqttSubAckMessage(
                new MqttFixedHeader(MqttMessageType.SUBACK, false, MqttQoS.AT_MOST_ONCE, false, 0),
                new MqttMessageIdAndPropertiesVariableHeader(packetId, MqttProperties.NO_PROPERTIES),
                new MqttSubAckPayload(codes.stream().mapToInt(Integer::intValue).toArray())));
        session.events()
                .subscribed(
                        connection,
                        subscribe.payload().topicSubscriptions().stream()
                                .map(MqttTopicSubscription::topicName)
                                .toList(),
                        codes);
        retainedToSend.forEach(session::deliver);
    }

    /** The parsed filters, or null when one is malformed or breaks a rule of 5.0 (and the connection is closing). */
    private static List<TopicFilter> validFilters(MqttConnection connection, List<MqttTopicSubscription> requests) {
        List<TopicFilter> filters = new ArrayList<>(requests.size());
        for (MqttTopicSubscription request : requests) {
            Optional<TopicFilter> filter = TopicFilter.parse(request.topicName());
            if (filter.isEmpty()) {
                malformedFilter(connection, "SUBSCRIBE", request.topicName());
                return null;
            }
            if (filter.get().isShared() && request.option().isNoLocal()) {
                // [MQTT-3.8.3-4]
                log.info("{} disconnected: No Local on a shared subscription", connection);
                connection.close(MqttReasonCodes.Disconnect.PROTOCOL_ERROR.byteValue());
                return null;
            }
            filters.add(filter.get());
        }
        return filters;
    }

    /**
     * A filter that breaks the syntax of §4.7 (empty [MQTT-4.7.3-1], '#' not alone and last, '+' not alone in
     * its level, a bad share name) is not "correctly formed" (what 5.0's 0x8F Topic Filter Invalid presumes), so
     * the packet is malformed: 5.0 DISCONNECT 0x81, 3.1.1 close ([MQTT-4.8.0-1]). Nothing of the packet is applied.
     */
    private static void malformedFilter(MqttConnection connection, String packet, String filter) {
        log.info("{} disconnected: malformed topic filter '{}' in {}", connection, filter, packet);
        connection.close(MqttReasonCodes.Disconnect.MALFORMED_PACKET.byteValue());
    }

    private void quotaExceeded(MqttConnection connection, String filter) {
        if (metrics != null) {
            metrics.quotaExceeded("subscriptions");
        }
        quotaLog.hit(connection.clientId(), "holds " + maxSubscriptions + " subscriptions, refused '" + filter + "'");
    }

    public void unsubscribe(MqttConnection connection, ClientSession session, MqttUnsubscribeMessage unsubscribe) {
        int packetId = unsubscribe.idAndPropertiesVariableHeader().messageId();
        if (packetId == 0) {
            // [MQTT-2.3.1-1]
            log.info("{} disconnected: UNSUBSCRIBE with packet id 0", connection);
            connection.close(MqttReasonCodes.Disconnect.MALFORMED_PACKET.byteValue());
            return;
        }
        if (unsubscribe.payload().topics().isEmpty()) {
            // [MQTT-3.10.3-2]
            log.info("{} disconnected: UNSUBSCRIBE without topic filters", connection);
            connection.close(MqttReasonCodes.Disconnect.PROTOCOL_ERROR.byteValue());
            return;
        }
        List<Short> codes = new ArrayList<>();
        for (String text : unsubscribe.payload().topics()) {
            if (TopicFilter.parse(text).isEmpty()) {
                malformedFilter(connection, "UNSUBSCRIBE", text);
                return;
            }
        }
        for (String text : unsubscribe.payload().topics()) {
            TopicFilter filter = TopicFilter.parse(text).orElseThrow();
            if (topicLimits.checkFilter(filter) != null) {
                codes.add((short) TOPIC_FILTER_INVALID);
            } else {
                codes.add((short) (session.unsubscribe(filter) ? 0 : NO_SUBSCRIPTION_EXISTED));
            }
        }
        short[] reasons = new short[codes.size()];
        for (int i = 0; i < reasons.length; i++) {
            reasons[i] = codes.get(i);
        }
        connection.send(new MqttUnsubAckMessage(
                new MqttFixedHeader(MqttMessageType.UNSUBACK, false, MqttQoS.AT_MOST_ONCE, false, 0),
                new MqttMessageIdAndPropertiesVariableHeader(packetId, MqttProperties.NO_PROPERTIES),
                connection.isV5() ? new MqttUnsubAckPayload(reasons) : null));
        session.events()
                .unsubscribed(
                        connection,
                        unsubscribe.payload().topics(),
                        codes.stream().map(Short::intValue).toList());
    }

    /** A SUBACK reason code as the int Netty's SUBACK payload takes (0x87 stays 135). */
    private static int unsigned(MqttReasonCodes.SubAck code) {
        return Byte.toUnsignedInt(code.byteValue());
    }
}
