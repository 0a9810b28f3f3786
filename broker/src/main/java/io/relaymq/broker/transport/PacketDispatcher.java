package io.relaymq.broker.transport;

import io.netty.handler.codec.mqtt.MqttMessage;
import io.netty.handler.codec.mqtt.MqttMessageType;
import io.netty.handler.codec.mqtt.MqttPublishMessage;
import io.netty.handler.codec.mqtt.MqttReasonCodes;
import io.netty.handler.codec.mqtt.MqttSubscribeMessage;
import io.netty.handler.codec.mqtt.MqttUnsubscribeMessage;
import io.relaymq.broker.connect.DisconnectHandler;
import io.relaymq.broker.connect.ReAuthRefusal;
import io.relaymq.broker.publish.AckHandler;
import io.relaymq.broker.publish.InboundPublishHandler;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.MqttConnection;
import io.relaymq.broker.subscribe.SubscribeHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Hands each packet of a connected client to the handler of its type, on the session's thread. */
public final class PacketDispatcher {

    private static final Logger log = LoggerFactory.getLogger(PacketDispatcher.class);

    private final InboundPublishHandler publish;
    private final AckHandler acks;
    private final SubscribeHandler subscriptions;
    private final DisconnectHandler disconnect;

    public PacketDispatcher(
            InboundPublishHandler publish,
            AckHandler acks,
            SubscribeHandler subscriptions,
            DisconnectHandler disconnect) {
        this.publish = publish;
        this.acks = acks;
        this.subscriptions = subscriptions;
        this.disconnect = disconnect;
    }

    public void dispatch(MqttConnection connection, ClientSession session, MqttMessage message) {
        MqttMessageType type = message.fixedHeader().messageType();
        switch (type) {
            case PUBLISH -> publish.handle(connection, session, (MqttPublishMessage) message);
            case PUBACK, PUBREC, PUBREL, PUBCOMP -> acks.handle(connection, session, message);
            case SUBSCRIBE -> subscriptions.subscribe(connection, session, (MqttSubscribeMessage) message);
            case UNSUBSCRIBE -> subscriptions.unsubscribe(connection, session, (MqttUnsubscribeMessage) message);
            case PINGREQ -> connection.send(MqttMessage.PINGRESP);
            case DISCONNECT -> disconnect.handle(connection, session, message);
            case AUTH -> ReAuthRefusal.handle(connection, message);
            default -> {
                // CONNECT again ([MQTT-3.1.0-2]) or a server-only packet
                log.info("{} disconnected: unexpected {} packet", connection, type);
                connection.close(MqttReasonCodes.Disconnect.PROTOCOL_ERROR.byteValue());
            }
        }
    }
}
