package io.relaymq.broker.publish;

import io.netty.handler.codec.mqtt.MqttMessageType;
import io.netty.handler.codec.mqtt.MqttReasonCodes;
import io.relaymq.broker.metrics.MqttMetrics;
import io.relaymq.broker.session.AckSequencer;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.InboundQos2;
import io.relaymq.broker.session.InboundQos2Store;
import io.relaymq.broker.session.MqttConnection;
import io.relaymq.broker.session.PublishPackets;
import io.relaymq.common.message.PublishedMessage;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A QoS 2 PUBLISH from a client up to its PUBREC, exactly once across nodes ([MQTT-4.3.3-9], [MQTT-4.3.3-10]):
 * <ul>
 *   <li>a new packet id is kept (for a persistent session, in the store) with a random token before the
 *       message goes to Kafka with that token; PUBREC goes out once Kafka stored it. When another node has
 *       begun the session meanwhile, the message is not forwarded and the connection is closed (0x8E): the
 *       client sends it again there. When the id cannot be kept, the message is not forwarded either;</li>
 *   <li>a PUBLISH sent again with an id whose message Kafka may or may not have (read from the store after its
 *       node went away, or left by a failed Kafka write) is first checked against Kafka by the token: when Kafka
 *       has the record, PUBREC goes out without forwarding it again; otherwise it is kept again (fenced like a
 *       new one) and forwarded with the same token;</li>
 *   <li>a PUBLISH sent again while the first copy is still on its way gets the first copy's outcome.</li>
 * </ul>
 * PUBRECs leave in the order the PUBLISH packets arrived. Runs on the session's thread.
 */
final class Qos2Intake {

    private static final Logger log = LoggerFactory.getLogger(Qos2Intake.class);

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
    void accept(
            MqttConnection connection,
            ClientSession session,
            PublishedMessage message,
            int packetId,
            long receivedMillis) {
        session.awaitingPubrel().add(packetId);
        AckSequencer.Pending slot = register(connection, session, packetId);
        CompletableFuture<Boolean> outcome = session.inboundQos2().decide(packetId);
        // only a session that outlives its connection can send it again elsewhere: others need no token
        long token = session.expirySeconds() > 0 ? token() : 0;
        keepAndForward(connection, session, message, packetId, token, new Step(slot, outcome, receivedMillis));
    }

    /** A QoS 2 PUBLISH sent again with a packet id awaiting PUBREL. */
    void again(
            MqttConnection connection,
            ClientSession session,
            PublishedMessage message,
            int packetId,
            long receivedMillis) {
        AckSequencer.Pending slot = register(connection, session, packetId);
        InboundQos2 state = session.inboundQos2();
        state.sentAgain(packetId);
        CompletableFuture<Boolean> first = state.deciding(packetId);
        if (first != null) {
            first.whenComplete((stored, error) ->
                    session.execute(() -> connection.acks().complete(slot, error == null && stored)));
            return;
        }
        InboundQos2Store.Receipt receipt = state.unverified(packetId);
        if (receipt == null) {
            connection.acks().complete(slot, true);
            return;
        }
        Step step = new Step(slot, state.decide(packetId), receivedMillis);
        guarded(() -> resends.stored(connection.clientId(), packetId, message.topic(), receipt))
                .whenComplete((found, error) -> session.execute(() -> {
                    if (error == null && found) {
                        metrics.qos2Resend("recognised");
                        step.settle(connection, state, packetId, null, true);
                        return;
                    }
                    if (error != null) {
                        log.warn(
                                "[{}] could not tell whether Kafka has the QoS 2 message of packet id {}: forwarded "
                                        + "again (at least once)",
                                connection.clientId(),
                                packetId,
                                error);
                        metrics.qos2Resend("unknown");
                    } else {
                        metrics.qos2Resend("forwarded");
                    }
                    keepAndForward(connection, session, message, packetId, receipt.token(), step);
                }));
    }

    private void keepAndForward(
            MqttConnection connection,
            ClientSession session,
            PublishedMessage message,
            int packetId,
            long token,
            Step step) {
        InboundQos2 state = session.inboundQos2();
        InboundQos2Store.Receipt receipt = new InboundQos2Store.Receipt(token, clock.millis(), "");
        guarded(() -> state.keep(packetId, receipt, session.expirySeconds(), session.ownershipVersion()))
                .whenComplete((kept, error) -> session.execute(() -> {
                    if (error != null || !kept) {
                        if (error != null) {
                            log.warn(
                                    "[{}] QoS 2 packet id {} could not be kept: the message is not forwarded",
                                    connection.clientId(),
                                    packetId,
                                    error);
                        } else {
                            log.info(
                                    "{} QoS 2 PUBLISH not forwarded: the session has begun on another node",
                                    connection);
                            connection.close(MqttReasonCodes.Disconnect.SESSION_TAKEN_OVER.byteValue());
                        }
                        state.notForwarded(packetId);
                        step.outcome.complete(false);
                        connection.acks().complete(step.slot, false);
                        return;
                    }
                    guarded(() -> producer.send(message, token))
                            .whenComplete((ok, failure) -> session.execute(() -> {
                                if (failure != null) {
                                    log.warn(
                                            "[{}] Kafka did not store a QoS 2 message: {}",
                                            connection.clientId(),
                                            failure.getMessage());
                                } else {
                                    metrics.produced(Duration.ofMillis(clock.millis() - step.receivedMillis));
                                }
                                // a failed write may still have landed: a copy sent again is checked by its token
                                step.settle(
                                        connection, state, packetId, failure == null ? null : receipt, failure == null);
                            }));
                }));
    }

    /** The stage {@code call} returns, or a failed one when it throws instead. */
    private static <T> CompletionStage<T> guarded(Supplier<CompletionStage<T>> call) {
        try {
            return call.get();
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private static AckSequencer.Pending register(MqttConnection connection, ClientSession session, int packetId) {
        return connection.acks().registerQos2(stored -> acknowledge(connection, session, packetId, stored));
    }

    private static void acknowledge(MqttConnection connection, ClientSession session, int packetId, boolean stored) {
        if (stored) {
            connection.send(PublishPackets.reply(MqttMessageType.PUBREC, packetId, (byte) 0));
        } else if (connection.isClosing() || !connection.isActive()) {
            // nobody to tell; the id stays as the outcome left it (kept unverified, or forgotten if never forwarded)
        } else if (connection.isV5()) {
            // the client drops the message on this PUBREC: a later PUBLISH reusing the id is a new message, so
            // the id goes first
            session.inboundQos2().removed(packetId);
            session.inboundQos2()
                    .release(packetId)
                    .whenComplete((ok, error) -> session.execute(() -> connection.send(PublishPackets.reply(
                            MqttMessageType.PUBREC, packetId, MqttReasonCodes.PubRec.UNSPECIFIED_ERROR.byteValue()))));
        } else {
            // 3.1.1 has no error PUBREC: the client sends the PUBLISH again on its next connection
            connection.close(MqttReasonCodes.Disconnect.UNSPECIFIED_ERROR.byteValue());
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

    /** One PUBLISH on its way: its PUBREC slot, the outcome copies wait for, and when it arrived. */
    private record Step(AckSequencer.Pending slot, CompletableFuture<Boolean> outcome, long receivedMillis) {

        void settle(
                MqttConnection connection,
                InboundQos2 state,
                int packetId,
                InboundQos2Store.Receipt uncertain,
                boolean stored) {
            if (uncertain != null && uncertain.token() == 0) {
                state.notForwarded(packetId); // no token to look for: a copy sent again goes on as new
            } else {
                state.decided(packetId, uncertain);
            }
            outcome.complete(stored);
            connection.acks().complete(slot, stored);
        }
    }
}
