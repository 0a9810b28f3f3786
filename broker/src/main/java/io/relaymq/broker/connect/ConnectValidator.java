package io.relaymq.broker.connect;

import io.netty.handler.codec.mqtt.MqttConnectMessage;
import io.netty.handler.codec.mqtt.MqttConnectPayload;
import io.netty.handler.codec.mqtt.MqttConnectVariableHeader;
import io.netty.handler.codec.mqtt.MqttProperties;
import io.netty.handler.codec.mqtt.MqttVersion;
import io.relaymq.broker.mqtt.ConnectReject;
import io.relaymq.broker.mqtt.MqttProps;
import io.relaymq.broker.mqtt.MqttSettings;
import io.relaymq.broker.mqtt.TopicLimits;
import io.relaymq.broker.topic.TopicNames;
import io.relaymq.common.message.PublishedMessage;
import java.time.Clock;
import java.util.UUID;

/** Checks a CONNECT against MQTT 3.1, 3.1.1 and 5.0 and the broker's limits; pure logic. */
public final class ConnectValidator {

    static final long MAX_PACKET_SIZE_LIMIT = 268_435_455L;

    private final MqttSettings settings;
    private final TopicLimits topicLimits;
    private final Clock clock;

    public ConnectValidator(MqttSettings settings, TopicLimits topicLimits, Clock clock) {
        this.settings = settings;
        this.topicLimits = topicLimits;
        this.clock = clock;
    }

    /** Either a request to carry out or the reason to refuse. */
    public record Outcome(ConnectRequest request, ConnectReject reject, String detail) {
        static Outcome refuse(ConnectReject reject, String detail) {
            return new Outcome(null, reject, detail);
        }
    }

    public Outcome validate(MqttConnectMessage connect, MqttVersion version) {
        MqttConnectVariableHeader header = connect.variableHeader();
        MqttConnectPayload payload = connect.payload();
        boolean v5 = version == MqttVersion.MQTT_5;
        MqttProperties props = v5 ? header.properties() : MqttProperties.NO_PROPERTIES;
        boolean clean = header.isCleanSession();
        if (!header.isWillFlag() && (header.willQos() != 0 || header.isWillRetain())) {
            // [MQTT-3.1.2-13], [MQTT-3.1.2-15]: will QoS and will retain need the will flag
            return Outcome.refuse(ConnectReject.MALFORMED, "will QoS or retain without will flag");
        }
        if (!v5 && header.hasPassword() && !header.hasUserName()) {
            // [MQTT-3.1.2-22]
            return Outcome.refuse(ConnectReject.MALFORMED, "password without user name");
        }

        String clientId = payload.clientIdentifier() == null ? "" : payload.clientIdentifier();
        boolean assigned = false;
        if (clientId.isEmpty()) {
            // 3.1.1 accepts an empty id only with a clean session ([MQTT-3.1.3-7], [MQTT-3.1.3-8]); 3.1 never.
            // 5.0 leaves it to the server ([MQTT-3.1.3-6] MAY, rejection 0x85 per [MQTT-3.1.3-8]): with Clean
            // Start 0 the client asks to continue a session it cannot name, so it is refused as in 3.1.1
            if (version == MqttVersion.MQTT_3_1 || !clean) {
                return Outcome.refuse(ConnectReject.CLIENT_ID_INVALID, "empty client id");
            }
            clientId = "relaymq-" + UUID.randomUUID();
            assigned = true;
        } else if (!TopicNames.isWellFormed(clientId) || clientId.length() > settings.maxClientIdLength()) {
            return Outcome.refuse(ConnectReject.CLIENT_ID_INVALID, "client id not allowed");
        }
        Integer receiveMaximum = MqttProps.integer(props, MqttProperties.RECEIVE_MAXIMUM);
        Long maxPacketSize = MqttProps.unsigned(props, MqttProperties.MAXIMUM_PACKET_SIZE);
        if ((receiveMaximum != null && receiveMaximum == 0) || (maxPacketSize != null && maxPacketSize == 0)) {
            // MQTT 5.0 §3.1.2.11.3 / §3.1.2.11.4: a Receive Maximum or Maximum Packet Size of 0 is a protocol error
            return Outcome.refuse(ConnectReject.PROTOCOL_ERROR, "receive maximum or maximum packet size is 0");
        }
        long maxSession = settings.maxSessionExpiry().toSeconds();
        long requestedExpiry = v5
                ? orZero(MqttProps.unsigned(props, MqttProperties.SESSION_EXPIRY_INTERVAL))
                : (clean ? 0 : maxSession);
        long expiry = Math.min(requestedExpiry, maxSession);

        PublishedMessage will = null;
        long willDelay = 0;
        if (header.isWillFlag()) {
            if (!TopicNames.isValidTopicName(payload.willTopic())) {
                return Outcome.refuse(ConnectReject.WILL_TOPIC_INVALID, "will topic invalid");
            }
            String overLimit = topicLimits.checkTopic(payload.willTopic());
            if (overLimit != null) {
                return Outcome.refuse(ConnectReject.WILL_TOPIC_INVALID, "will topic " + overLimit);
            }
            MqttProperties willProps =
                    v5 && payload.willProperties() != null ? payload.willProperties() : MqttProperties.NO_PROPERTIES;
            willDelay = orZero(MqttProps.unsigned(willProps, MqttProperties.WILL_DELAY_INTERVAL));
            byte[] willPayload = payload.willMessageInBytes() == null ? new byte[0] : payload.willMessageInBytes();
            will = new PublishedMessage(
                    payload.willTopic(),
                    header.willQos(),
                    header.isWillRetain(),
                    willPayload,
                    clientId,
                    clock.millis(),
                    MqttProps.forwarded(willProps));
        }

        int keepAlive = header.keepAliveTimeSeconds();
        Integer serverKeepAlive = null;
        if (settings.maxKeepAlive() > 0 && (keepAlive == 0 || keepAlive > settings.maxKeepAlive())) {
            serverKeepAlive = settings.maxKeepAlive();
            keepAlive = v5 ? serverKeepAlive : keepAlive;
        }
        Integer responseInfo = MqttProps.integer(props, MqttProperties.REQUEST_RESPONSE_INFORMATION);
        return new Outcome(
                new ConnectRequest(
                        clientId,
                        assigned,
                        clean,
                        expiry,
                        requestedExpiry > expiry,
                        keepAlive,
                        v5 ? serverKeepAlive : null,
                        receiveMaximum == null ? 65535 : receiveMaximum,
                        maxPacketSize == null ? MAX_PACKET_SIZE_LIMIT : Math.min(maxPacketSize, MAX_PACKET_SIZE_LIMIT),
                        will,
                        willDelay,
                        responseInfo != null && responseInfo == 1,
                        orZeroInt(MqttProps.integer(props, MqttProperties.TOPIC_ALIAS_MAXIMUM))),
                null,
                null);
    }

    private static int orZeroInt(Integer value) {
        return value == null ? 0 : value;
    }

    private static long orZero(Long value) {
        return value == null ? 0 : value;
    }
}
