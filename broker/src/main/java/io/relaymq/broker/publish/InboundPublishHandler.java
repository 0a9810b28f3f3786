package io.relaymq.broker.publish;

import io.netty.buffer.ByteBufUtil;
import io.netty.handler.codec.mqtt.MqttMessageType;
import io.netty.handler.codec.mqtt.MqttProperties;
import io.netty.handler.codec.mqtt.MqttPublishMessage;
import io.netty.handler.codec.mqtt.MqttReasonCodes;
import io.relaymq.broker.metrics.MqttMetrics;
import io.relaymq.broker.mqtt.MqttProps;
import io.relaymq.broker.mqtt.MqttSettings;
import io.relaymq.broker.mqtt.TopicLimits;
import io.relaymq.broker.session.AckSequencer;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.InboundQos2Store;
import io.relaymq.broker.session.MqttConnection;
import io.relaymq.broker.session.PublishPackets;
import io.relaymq.broker.session.QuotaLog;
import io.relaymq.broker.topic.TopicNames;
import io.relaymq.common.message.PublishedMessage;
import java.time.Clock;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A PUBLISH from a client: topic alias resolution (5.0), validation, then the message goes to Kafka.
 * QoS 1 is acknowledged with PUBACK and QoS 2 with PUBREC only once Kafka has acknowledged the write,
 * in the order the packets arrived. A QoS 2 packet id stays reserved until PUBREL, so a re-sent
 * PUBLISH with that id is not forwarded twice ([MQTT-4.3.3-10]; see {@link Qos2Intake}). Topics outside the client's publish rules
 * are refused. A retained PUBLISH beyond the retained quotas is refused with 0x97 Quota exceeded when the client
 * can be told (5.0 QoS 1/2); otherwise (3.1.1, QoS 0) it is passed on to current subscribers but not retained.
 * Runs on the session's thread.
 */
public final class InboundPublishHandler {

    private static final Logger log = LoggerFactory.getLogger(InboundPublishHandler.class);

    private final MessageSink producer;
    private final MqttSettings settings;
    private final TopicLimits topicLimits;
    private final MqttMetrics metrics;
    private final Clock clock;
    private final RetainedAdmission retainedAdmission;
    private final QuotaLog retainedQuotaLog = new QuotaLog(log, "retained quota exceeded");
    private final Qos2Intake qos2;

    public InboundPublishHandler(
            MessageSink producer,
            MqttSettings settings,
            TopicLimits topicLimits,
            MqttMetrics metrics,
            Clock clock,
            RetainedAdmission retainedAdmission,
            Qos2Resends resends) {
        this.qos2 = new Qos2Intake(producer, resends, metrics, clock);
        this.producer = producer;
        this.settings = settings;
        this.topicLimits = topicLimits;
        this.metrics = metrics;
        this.clock = clock;
        this.retainedAdmission = retainedAdmission;
    }

    public void handle(MqttConnection connection, ClientSession session, MqttPublishMessage publish) {
        int qos = publish.fixedHeader().qosLevel().value();
        if (qos == 0 && publish.fixedHeader().isDup()) {
            // [MQTT-3.3.1-2]
            protocolViolation(
                    connection, MqttReasonCodes.Disconnect.MALFORMED_PACKET.byteValue(), "DUP set on a QoS 0 PUBLISH");
            return;
        }
        int packetId = publish.variableHeader().packetId();
        MqttProperties props = connection.isV5() ? publish.variableHeader().properties() : MqttProperties.NO_PROPERTIES;
        String topic = resolveTopic(connection, publish.variableHeader().topicName(), props);
        if (topic == null) {
            return;
        }
        if (!TopicNames.isValidTopicName(topic)) {
            protocolViolation(
                    connection,
                    MqttReasonCodes.Disconnect.TOPIC_NAME_INVALID.byteValue(),
                    "invalid topic name in PUBLISH");
            return;
        }
        // a QoS 2 PUBLISH sent again with an id awaiting PUBREL: its message was taken already, is on its way, or
        // (an id read from the store after its node went away, or left by a failed write) may have been
        boolean again = qos == 2 && session.awaitingPubrel().contains(packetId);
        InboundQos2Store.Receipt unverified = again ? session.inboundQos2().unverified(packetId) : null;
        // a QoS 2 message counts once, from PUBLISH to PUBREL, though it is also waiting for its PUBREC slot; ids
        // awaiting PUBREL from an earlier connection count once they are sent again on this one
        if (qos > 0
                && !again
                && connection.acks().notAwaitingRelease()
                                + session.inboundQos2().inFlightOnThisConnection()
                        >= settings.receiveMaximum()) {
            protocolViolation(
                    connection,
                    MqttReasonCodes.Disconnect.RECEIVE_MAXIMUM_EXCEEDED.byteValue(),
                    "more unacknowledged QoS 1/2 PUBLISH than Receive Maximum");
            return;
        }
        // whatever earlier connections left and however often a copy is sent again, a session holds at most twice
        // Receive Maximum ids awaiting PUBREL and a connection as many unanswered PUBLISH packets
        int most = 2 * settings.receiveMaximum();
        if (qos > 0
                && (connection.acks().size() >= most
                        || !again && session.awaitingPubrel().size() >= most)) {
            protocolViolation(
                    connection,
                    MqttReasonCodes.Disconnect.RECEIVE_MAXIMUM_EXCEEDED.byteValue(),
                    "more than " + most + " QoS 1/2 PUBLISH unanswered or QoS 2 ids awaiting PUBREL");
            return;
        }
        String overLimit = topicLimits.checkTopic(topic);
        if (overLimit != null) {
            refuse(
                    connection,
                    session,
                    qos,
                    packetId,
                    MqttReasonCodes.PubAck.TOPIC_NAME_INVALID.byteValue(),
                    "topic_limit",
                    "a topic " + overLimit);
            return;
        }
        if (again && unverified == null) {
            qos2.again(connection, session, null, packetId, clock.millis());
            return;
        }
        if (!connection.grant().mayPublish(topic)) {
            refuse(
                    connection,
                    session,
                    qos,
                    packetId,
                    MqttReasonCodes.PubAck.NOT_AUTHORIZED.byteValue(),
                    "not_authorized",
                    "not authorized to publish to '" + topic + "'");
            return;
        }
        boolean retain = publish.fixedHeader().isRetain();
        if (retain) {
            String refused = retainedAdmission.refusal(topic, publish.payload().readableBytes());
            if (refused != null) {
                if (!retainRefused(connection, session, qos, packetId, topic, refused)) {
                    return;
                }
                retain = false;
            }
        }
        byte[] payload = ByteBufUtil.getBytes(publish.payload());
        long now = clock.millis();
        PublishedMessage message = new PublishedMessage(
                topic, qos, retain, payload, connection.clientId(), now, MqttProps.forwarded(props));
        metrics.messageIn(qos, payload.length);
        switch (qos) {
            case 0 -> producer.send(message);
            case 1 -> forwardAndAcknowledge(connection, session, message, packetId, now);
            default -> {
                if (again) {
                    qos2.again(connection, session, message, packetId, now);
                } else {
                    qos2.accept(connection, session, message, packetId, now);
                }
            }
        }
    }

    /** QoS 1: PUBACK in its turn once Kafka stored the message; when Kafka failed, 5.0 gets 0x80, 3.1.1 is closed. */
    private void forwardAndAcknowledge(
            MqttConnection connection,
            ClientSession session,
            PublishedMessage message,
            int packetId,
            long receivedMillis) {
        AckSequencer.Pending slot = connection.acks().register(stored -> {
            if (stored) {
                connection.send(PublishPackets.reply(MqttMessageType.PUBACK, packetId, (byte) 0));
            } else if (connection.isV5()) {
                connection.send(PublishPackets.reply(
                        MqttMessageType.PUBACK, packetId, MqttReasonCodes.PubAck.UNSPECIFIED_ERROR.byteValue()));
            } else {
                connection.close(MqttReasonCodes.Disconnect.UNSPECIFIED_ERROR.byteValue());
            }
        });
        producer.send(message)
                .whenComplete((ok, error) -> session.execute(() -> {
                    if (error != null) {
                        log.warn(
                                "[{}] Kafka did not store a QoS 1 message: {}",
                                connection.clientId(),
                                error.getMessage());
                    } else {
                        metrics.produced(Duration.ofMillis(clock.millis() - receivedMillis));
                    }
                    connection.acks().complete(slot, error == null);
                }));
    }

    /**
     * A well-formed PUBLISH the broker will not take (outside the client's rules, or over a topic limit): 5.0
     * gets PUBACK/PUBREC with {@code reason} in its turn (QoS 0 is dropped), 3.x has no such code and is
     * disconnected. Counted under {@code dropReason}.
     */
    private void refuse(
            MqttConnection connection,
            ClientSession session,
            int qos,
            int packetId,
            byte reason,
            String dropReason,
            String what) {
        metrics.dropped(dropReason, qos, 1);
        if (!connection.isV5()) {
            log.info("{} disconnected: {}", connection, what);
            connection.close(reason);
            return;
        }
        log.info("{} PUBLISH refused: {} (QoS {})", connection, what, qos);
        if (qos > 0) {
            refusedInTurn(connection, session, qos, packetId, reason);
        }
    }

    /**
     * A 5.0 QoS 1/2 PUBLISH refused with {@code reason}, answered in its turn. A refused copy of a QoS 2 PUBLISH
     * awaiting PUBREL ends that exchange for the client, which may reuse the id at once: the id is forgotten
     * (in the store too) before the answer goes out, so the next PUBLISH with it is taken as new.
     */
    private static void refusedInTurn(
            MqttConnection connection, ClientSession session, int qos, int packetId, byte reason) {
        MqttMessageType ackType = qos == 1 ? MqttMessageType.PUBACK : MqttMessageType.PUBREC;
        boolean awaited = qos == 2 && session.awaitingPubrel().contains(packetId);
        AckSequencer.Pending slot = connection.acks().register(ok -> {
            if (!awaited) {
                connection.send(PublishPackets.reply(ackType, packetId, reason));
                return;
            }
            session.inboundQos2().notForwarded(packetId);
            session.inboundQos2()
                    .release(packetId)
                    .whenComplete((done, error) ->
                            session.execute(() -> connection.send(PublishPackets.reply(ackType, packetId, reason))));
        });
        connection.acks().complete(slot, true);
    }

    /**
     * A retained PUBLISH over a retained quota. 5.0 QoS 1/2 get PUBACK/PUBREC 0x97 in their turn and the message
     * goes nowhere (false). A client that cannot be told (3.1.1, QoS 0) has it passed on without being
     * retained (true): its current subscribers get it, as with any retained PUBLISH, and a broker-wide
     * quota is no reason to drop the connection of a client that did nothing wrong itself.
     */
    private boolean retainRefused(
            MqttConnection connection, ClientSession session, int qos, int packetId, String topic, String quota) {
        metrics.quotaExceeded(quota);
        boolean tell = connection.isV5() && qos > 0;
        retainedQuotaLog.hit(
                connection.clientId(),
                quota + ", '" + topic + "' " + (tell ? "refused with 0x97" : "passed on without being retained"));
        if (!tell) {
            return true;
        }
        refusedInTurn(connection, session, qos, packetId, MqttReasonCodes.PubAck.QUOTA_EXCEEDED.byteValue());
        return false;
    }

    /** Applies and records 5.0 topic aliases; null when the connection was closed for a bad alias. */
    private String resolveTopic(MqttConnection connection, String topic, MqttProperties props) {
        Integer alias = MqttProps.integer(props, MqttProperties.TOPIC_ALIAS);
        if (alias == null) {
            if (connection.isV5() && topic.isEmpty()) {
                // 5.0 §3.3.2.1: a zero-length Topic Name without a Topic Alias is a Protocol Error
                protocolViolation(
                        connection,
                        MqttReasonCodes.Disconnect.PROTOCOL_ERROR.byteValue(),
                        "empty topic name without a topic alias");
                return null;
            }
            return topic;
        }
        if (alias == 0 || alias > settings.topicAliasMaximum()) {
            protocolViolation(
                    connection,
                    MqttReasonCodes.Disconnect.TOPIC_ALIAS_INVALID.byteValue(),
                    "topic alias " + alias + " out of range");
            return null;
        }
        if (topic.isEmpty()) {
            String known = connection.inboundAliases().get(alias);
            if (known == null) {
                protocolViolation(
                        connection,
                        MqttReasonCodes.Disconnect.PROTOCOL_ERROR.byteValue(),
                        "unknown topic alias " + alias);
            }
            return known;
        }
        connection.inboundAliases().put(alias, topic);
        return topic;
    }

    private void protocolViolation(MqttConnection connection, byte reason, String what) {
        log.info("{} disconnected: {}", connection, what);
        metrics.dropped("protocol_violation", 1);
        connection.close(reason);
    }
}
