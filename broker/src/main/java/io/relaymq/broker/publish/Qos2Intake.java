package io.relaymq.broker.publish;

import io.netty.handler.codec.mqtt.MqttMessageType;
import io.relaymq.broker.metrics.MqttMetrics;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.InboundQos2Store;
import io.relaymq.broker.session.MqttConnection;
import io.relaymq.common.message.PublishedMessage;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A QoS 2 PUBLISH from a client up to its PUBREC, exactly once across nodes ([MQTT-4.3.3-9], [MQTT-4.3.3-10]):
 * <ul>
 *   <li>a new packet id is kept (for a persistent session, in the store) with a random token before the
 *       message goes to Kafka with that token; PUBREC goes out once Kafka stored it. When another node has
 *       begun the session meanwhile, the message is not forwarded and the connection is closed (0x8E): the
 *       client sends it again there;</li>
 *   <li>a PUBLISH sent again with an id read from the store (its first node is gone) is first checked against
 *       Kafka by the token: when Kafka has the record, PUBREC goes out without forwarding it again; otherwise it
 *       is forwarded with the same token.</li>
 * </ul>
 * PUBRECs leave in the order the PUBLISH packets arrived. Runs on the session's thread.
 */
final class Qos2Intake {

    private static final Logger log = LoggerFactory.getLogger(Qos2Intake.class);
    private static final byte UNSPECIFIED_ERROR = (byte) 0x80;
    private static final byte SESSION_TAKEN_OVER = (byte) 0x8E;

    private final MessageSink producer;
    private final Qos2Resends resends;
    private final MqttMetrics metrics;
    private final Clock clock;

    Qos2Intake(MessageSink producer, Qos2Resends resends, MqttMetrics metrics, Clock clock) {
        this.producer = producer;
        this.resends = resends;
        this.metrics = metrics;
        this.clock = clock;
    }

    /** A QoS 2 PUBLISH with a packet id not awaiting PUBREL. */
    void accept(MqttConnection connection, ClientSession session, PublishedMessage message, int packetId,
                long receivedMillis) {
        session.awaitingPubrel().add(packetId);
        AckSequencer.Pending slot = connection.acks().registerQos2(stored -> acknowledge(connection, session, packetId, stored));
        // only a session that outlives its connection can send it again elsewhere: others need no token
        long token = session.expirySeconds() > 0 ? token() : 0;
        InboundQos2Store.Receipt receipt = new InboundQos2Store.Receipt(token, clock.millis());
        session.inboundQos2().keep(packetId, receipt, session.expirySeconds(), session.ownershipVersion())
                .whenComplete((kept, error) -> session.execute(() -> {
                    if (error != null) {
                        // the message still goes on: its id is then known to this node only
                        log.warn("[{}] QoS 2 packet id {} kept on this node only", connection.clientId(), packetId, error);
                    } else if (!kept) {
                        session.awaitingPubrel().remove(packetId);
                        log.info("{} QoS 2 PUBLISH not forwarded: the session has begun on another node", connection);
                        connection.close(SESSION_TAKEN_OVER);
                        return;
                    }
                    forward(connection, session, message, receipt.token(), slot, receivedMillis);
                }));
    }

    /** A QoS 2 PUBLISH sent again with a packet id read from the store: Kafka may have its message already. */
    void resend(MqttConnection connection, ClientSession session, PublishedMessage message, int packetId,
                InboundQos2Store.Receipt receipt, long receivedMillis) {
        AckSequencer.Pending slot = connection.acks().registerQos2(stored -> acknowledge(connection, session, packetId, stored));
        session.inboundQos2().verified(packetId);
        resends.stored(message.topic(), receipt.token(), receipt.keptAtMillis())
                .whenComplete((found, error) -> session.execute(() -> {
                    if (error == null && found) {
                        metrics.qos2Resend("recognised");
                        connection.acks().complete(slot, true);
                        return;
                    }
                    if (error != null) {
                        log.warn("[{}] could not tell whether Kafka has the QoS 2 message of packet id {}: forwarded "
                                + "again (at least once)", connection.clientId(), packetId, error);
                    }
                    metrics.qos2Resend("forwarded");
                    forward(connection, session, message, receipt.token(), slot, receivedMillis);
                }));
    }

    private void forward(MqttConnection connection, ClientSession session, PublishedMessage message, long token,
                         AckSequencer.Pending slot, long receivedMillis) {
        producer.send(message, token).whenComplete((ok, error) -> session.execute(() -> {
            if (error != null) {
                log.warn("[{}] Kafka did not store a QoS 2 message: {}", connection.clientId(), error.getMessage());
            } else {
                metrics.produced(Duration.ofMillis(clock.millis() - receivedMillis));
            }
            connection.acks().complete(slot, error == null);
        }));
    }

    private static void acknowledge(MqttConnection connection, ClientSession session, int packetId, boolean stored) {
        if (stored) {
            connection.send(PublishPackets.reply(MqttMessageType.PUBREC, packetId, (byte) 0));
            return;
        }
        session.awaitingPubrel().remove(packetId);
        if (connection.isV5()) {
            // the client drops the message on this PUBREC: a later PUBLISH reusing the id is a new message
            session.inboundQos2().release(packetId);
            connection.send(PublishPackets.reply(MqttMessageType.PUBREC, packetId, UNSPECIFIED_ERROR));
        } else {
            // 3.1.1 has no error PUBREC: the client sends the PUBLISH again, and its id stays known
            connection.close(UNSPECIFIED_ERROR);
        }
    }

    /** A random token, never 0 (0 means "none" in a record). */
    private static long token() {
        long token;
        do {
            token = ThreadLocalRandom.current().nextLong();
        } while (token == 0);
        return token;
    }
}
