package io.relaymq.broker.subscription;

import io.netty.handler.codec.mqtt.MqttFixedHeader;
import io.netty.handler.codec.mqtt.MqttMessageIdAndPropertiesVariableHeader;
import io.netty.handler.codec.mqtt.MqttMessageType;
import io.netty.handler.codec.mqtt.MqttProperties;
import io.netty.handler.codec.mqtt.MqttQoS;
import io.netty.handler.codec.mqtt.MqttSubAckMessage;
import io.netty.handler.codec.mqtt.MqttSubAckPayload;
import io.netty.handler.codec.mqtt.MqttSubscribeMessage;
import io.netty.handler.codec.mqtt.MqttSubscriptionOption;
import io.netty.handler.codec.mqtt.MqttTopicSubscription;
import io.netty.handler.codec.mqtt.MqttUnsubAckMessage;
import io.netty.handler.codec.mqtt.MqttUnsubAckPayload;
import io.netty.handler.codec.mqtt.MqttUnsubscribeMessage;
import io.relaymq.broker.metrics.MqttMetrics;
import io.relaymq.broker.retain.RetainedMessages;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.MqttConnection;
import io.relaymq.broker.session.OutboundMessage;
import io.relaymq.broker.session.QuotaLog;
import io.relaymq.broker.topic.TopicFilter;
import io.relaymq.broker.transport.MqttProps;
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
 * client's subscribe rules gets "not authorized" (0x87; 3.1.1: failure 0x80). A session holds at most
 * {@code maxSubscriptions} filters: a further new filter gets "quota exceeded" (0x97; 3.1.1: failure 0x80),
 * while subscribing again to a filter it holds replaces it as usual. Runs on the session's thread.
 */
public final class SubscribeHandler {

    private static final Logger log = LoggerFactory.getLogger(SubscribeHandler.class);
    private static final int FAILURE_V3 = 0x80;
    private static final int TOPIC_FILTER_INVALID = 0x8F;
    private static final int NO_SUBSCRIPTION_EXISTED = 0x11;
    private static final int NOT_AUTHORIZED = 0x87;
    private static final int QUOTA_EXCEEDED = 0x97;
    private static final byte PROTOCOL_ERROR = (byte) 0x82;
    private static final byte MALFORMED = (byte) 0x81;

    private final RetainedMessages retained;
    private final Clock clock;
    private final int maxSubscriptions;
    private final MqttMetrics metrics;
    private final QuotaLog quotaLog = new QuotaLog(log, "subscriptions quota exceeded");

    /** Without a subscriptions quota (tests). */
    public SubscribeHandler(RetainedMessages retained, Clock clock) {
        this(retained, clock, Integer.MAX_VALUE, null);
    }

    /**
     * @param maxSubscriptions topic filters one session may hold
     * @param metrics          counts refused filters (null: not counted)
     */
    public SubscribeHandler(RetainedMessages retained, Clock clock, int maxSubscriptions, MqttMetrics metrics) {
        this.retained = retained;
        this.clock = clock;
        this.maxSubscriptions = maxSubscriptions;
        this.metrics = metrics;
    }

    public void subscribe(MqttConnection connection, ClientSession session, MqttSubscribeMessage subscribe) {
        int packetId = subscribe.idAndPropertiesVariableHeader().messageId();
        MqttProperties props = connection.isV5() ? subscribe.idAndPropertiesVariableHeader().properties()
                : MqttProperties.NO_PROPERTIES;
        if (subscribe.payload().topicSubscriptions().isEmpty()) {
            // [MQTT-3.8.3-3]
            log.info("{} disconnected: SUBSCRIBE without topic filters", connection);
            connection.close(PROTOCOL_ERROR);
            return;
        }
        Integer subscriptionId = MqttProps.integer(props, MqttProperties.SUBSCRIPTION_IDENTIFIER);
        if (subscriptionId != null && subscriptionId == 0) {
            log.info("{} disconnected: subscription identifier 0", connection);
            connection.close(PROTOCOL_ERROR);
            return;
        }
        List<Integer> codes = new ArrayList<>();
        List<OutboundMessage> retainedToSend = new ArrayList<>();
        for (MqttTopicSubscription request : subscribe.payload().topicSubscriptions()) {
            Optional<TopicFilter> filter = TopicFilter.parse(request.topicName());
            if (filter.isEmpty()) {
                codes.add(connection.isV5() ? TOPIC_FILTER_INVALID : FAILURE_V3);
                continue;
            }
            MqttSubscriptionOption option = request.option();
            if (filter.get().isShared() && option.isNoLocal()) {
                // [MQTT-3.8.3-4]
                log.info("{} disconnected: No Local on a shared subscription", connection);
                connection.close(PROTOCOL_ERROR);
                return;
            }
            if (!connection.grant().maySubscribe(filter.get().filter())) {
                log.info("{} not authorized to subscribe to '{}'", connection, request.topicName());
                codes.add(connection.isV5() ? NOT_AUTHORIZED : FAILURE_V3);
                continue;
            }
            if (!session.hasSubscription(filter.get()) && session.subscriptionCount() >= maxSubscriptions) {
                quotaExceeded(connection, request.topicName());
                codes.add(connection.isV5() ? QUOTA_EXCEEDED : FAILURE_V3);
                continue;
            }
            int qos = option.qos().value();
            SubscriptionOptions options = new SubscriptionOptions(qos, option.isNoLocal(), option.isRetainAsPublished(),
                    option.retainHandling().value(), subscriptionId == null ? 0 : subscriptionId);
            boolean isNew = session.subscribe(new Subscription(connection.clientId(), filter.get(), options));
            codes.add(qos);
            if (!filter.get().isShared() && (options.retainHandling() == 0 || (options.retainHandling() == 1 && isNew))) {
                for (PublishedMessage m : retained.matching(filter.get(), clock.millis())) {
                    retainedToSend.add(new OutboundMessage(m, Math.min(m.qos(), qos), true,
                            options.subscriptionId() > 0 ? List.of(options.subscriptionId()) : List.of()));
                }
            }
        }
        connection.send(new MqttSubAckMessage(new MqttFixedHeader(MqttMessageType.SUBACK, false, MqttQoS.AT_MOST_ONCE, false, 0),
                new MqttMessageIdAndPropertiesVariableHeader(packetId, MqttProperties.NO_PROPERTIES),
                new MqttSubAckPayload(codes.stream().mapToInt(Integer::intValue).toArray())));
        retainedToSend.forEach(session::deliver);
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
            connection.close(MALFORMED);
            return;
        }
        if (unsubscribe.payload().topics().isEmpty()) {
            // [MQTT-3.10.3-2]
            log.info("{} disconnected: UNSUBSCRIBE without topic filters", connection);
            connection.close(PROTOCOL_ERROR);
            return;
        }
        List<Short> codes = new ArrayList<>();
        for (String text : unsubscribe.payload().topics()) {
            Optional<TopicFilter> filter = TopicFilter.parse(text);
            if (filter.isEmpty()) {
                codes.add((short) TOPIC_FILTER_INVALID);
            } else {
                codes.add((short) (session.unsubscribe(filter.get()) ? 0 : NO_SUBSCRIPTION_EXISTED));
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
    }
}
