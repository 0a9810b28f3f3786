package io.relaymq.broker.connect;

import io.netty.channel.Channel;
import io.netty.handler.codec.mqtt.MqttConnectMessage;
import io.netty.handler.codec.mqtt.MqttMessage;
import io.netty.handler.codec.mqtt.MqttMessageBuilders;
import io.netty.handler.codec.mqtt.MqttMessageType;
import io.netty.handler.codec.mqtt.MqttProperties;
import io.netty.handler.codec.mqtt.MqttReasonCodeAndPropertiesVariableHeader;
import io.netty.handler.codec.mqtt.MqttReasonCodes;
import io.netty.handler.codec.mqtt.MqttVersion;
import io.netty.util.AttributeKey;
import io.relaymq.broker.auth.AuthStep;
import io.relaymq.broker.auth.ClientAuthenticator;
import io.relaymq.broker.auth.provider.AuthOutcome;
import io.relaymq.broker.auth.provider.AuthRequest;
import io.relaymq.broker.mqtt.ConnectReject;
import io.relaymq.broker.mqtt.MqttProps;
import io.relaymq.broker.session.MqttConnection;
import java.util.concurrent.CompletableFuture;

/**
 * One connection's enhanced authentication between CONNECT and CONNACK (MQTT 5.0 section 4.12), on the
 * channel's event loop. Each challenge goes out as AUTH 0x18 with the CONNECT's Authentication Method
 * ([MQTT-4.12.0-2], [MQTT-4.12.0-5]); the socket is read only while an answer is awaited, so exactly one
 * step is in flight. The client may send only AUTH or DISCONNECT meanwhile ([MQTT-3.1.2-30]); an AUTH that
 * is not awaited, has another reason code than 0x18 ([MQTT-4.12.0-3]) or another method ([MQTT-4.12.0-5]),
 * and any other packet, end the exchange as a protocol error: CONNACK 0x82, since the server must not send
 * DISCONNECT before a successful CONNACK ([MQTT-3.14.0-1]). The whole exchange runs within the CONNECT
 * deadline, and every packet in it within the pre-CONNACK packet size limit.
 */
public final class AuthExchange {

    private static final AttributeKey<AuthExchange> KEY = AttributeKey.valueOf("relaymq.authExchange");
    private static final byte CONTINUE = MqttReasonCodes.Auth.CONTINUE_AUTHENTICATION.byteValue();

    private final Channel channel;
    private final String method;
    private final CompletableFuture<AuthOutcome> outcome = new CompletableFuture<>();
    private AuthStep.Continuation awaited;
    private CompletableFuture<AuthStep> inFlight;
    private byte[] connAckData;

    private AuthExchange(Channel channel, String method) {
        this.channel = channel;
        this.method = method;
    }

    /** The Authentication Method of a 5.0 CONNECT, or null when it asks for no enhanced authentication. */
    static String methodOf(MqttConnectMessage connect, MqttVersion version) {
        if (version != MqttVersion.MQTT_5) {
            return null;
        }
        return MqttProps.string(connect.variableHeader().properties(), MqttProperties.AUTHENTICATION_METHOD);
    }

    /** Starts the exchange; the future completes with its outcome (cancel it to call the exchange off). */
    static CompletableFuture<AuthOutcome> begin(
            Channel channel, ClientAuthenticator authenticator, AuthRequest request, MqttConnectMessage connect) {
        MqttProperties props = connect.variableHeader().properties();
        String method = MqttProps.string(props, MqttProperties.AUTHENTICATION_METHOD);
        byte[] data = MqttProps.binary(props, MqttProperties.AUTHENTICATION_DATA);
        AuthExchange exchange = new AuthExchange(channel, method);
        channel.attr(KEY).set(exchange);
        exchange.outcome.whenComplete((done, error) -> {
            CompletableFuture<AuthStep> pending = exchange.inFlight;
            if (error != null && pending != null) {
                pending.cancel(false);
            }
        });
        exchange.run(authenticator.authenticateEnhanced(request, method, data == null ? new byte[0] : data));
        return exchange.outcome;
    }

    /** The exchange of {@code channel} while it is still going on, or null. */
    public static AuthExchange running(Channel channel) {
        // hasAttr first: attr() would add an empty attribute to every connection that never used enhanced auth
        AuthExchange exchange = channel.hasAttr(KEY) ? channel.attr(KEY).get() : null;
        return exchange != null && !exchange.outcome.isDone() ? exchange : null;
    }

    /** After a granted exchange: the connection keeps its method, and CONNACK carries the method and data. */
    static void applyTo(Channel channel, MqttConnection connection) {
        AuthExchange exchange = channel.hasAttr(KEY) ? channel.attr(KEY).getAndSet(null) : null;
        if (exchange != null) {
            connection.setAuthentication(exchange.method, exchange.connAckData);
        }
    }

    /** A packet the client sent during the exchange (event loop); the caller releases it. */
    public void onPacket(MqttMessage message) {
        MqttMessageType type = message.fixedHeader().messageType();
        if (type == MqttMessageType.DISCONNECT) {
            channel.close();
            return;
        }
        if (type != MqttMessageType.AUTH) {
            fail(type + " before CONNACK during enhanced authentication");
            return;
        }
        MqttReasonCodeAndPropertiesVariableHeader header =
                (MqttReasonCodeAndPropertiesVariableHeader) message.variableHeader();
        byte reason = header == null ? 0 : header.reasonCode();
        MqttProperties props = header == null ? MqttProperties.NO_PROPERTIES : header.properties();
        if (awaited == null) {
            fail("AUTH while no answer was awaited");
        } else if (reason != CONTINUE) {
            fail("AUTH with reason code 0x" + Integer.toHexString(reason & 0xFF) + " instead of 0x18");
        } else if (!method.equals(MqttProps.string(props, MqttProperties.AUTHENTICATION_METHOD))) {
            fail("AUTH with another authentication method than CONNECT's");
        } else {
            byte[] data = MqttProps.binary(props, MqttProperties.AUTHENTICATION_DATA);
            AuthStep.Continuation next = awaited;
            awaited = null;
            channel.config().setAutoRead(false);
            run(next.answer(data == null ? new byte[0] : data));
        }
    }

    private void run(CompletableFuture<AuthStep> step) {
        inFlight = step;
        step.whenComplete((result, error) -> channel.eventLoop().execute(() -> onStep(result, error)));
    }

    private void onStep(AuthStep step, Throwable error) {
        inFlight = null;
        if (outcome.isDone() || !channel.isActive()) {
            return;
        }
        if (error != null) {
            outcome.completeExceptionally(error);
        } else if (step.isDone()) {
            connAckData = step.outcome().authenticationData();
            outcome.complete(step.outcome());
        } else {
            awaited = step.next();
            MqttProperties props = new MqttProperties();
            props.add(new MqttProperties.StringProperty(MqttProperties.AUTHENTICATION_METHOD, method));
            props.add(new MqttProperties.BinaryProperty(MqttProperties.AUTHENTICATION_DATA, step.challenge()));
            channel.writeAndFlush(MqttMessageBuilders.auth()
                    .reasonCode(CONTINUE)
                    .properties(props)
                    .build());
            channel.config().setAutoRead(true);
        }
    }

    private void fail(String detail) {
        awaited = null;
        outcome.complete(AuthOutcome.refused(ConnectReject.PROTOCOL_ERROR, detail));
    }
}
