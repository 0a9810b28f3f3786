package io.relaymq.perf.client;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.mqtt.MqttConnAckMessage;
import io.netty.handler.codec.mqtt.MqttFixedHeader;
import io.netty.handler.codec.mqtt.MqttMessage;
import io.netty.handler.codec.mqtt.MqttMessageIdVariableHeader;
import io.netty.handler.codec.mqtt.MqttMessageType;
import io.netty.handler.codec.mqtt.MqttPublishMessage;
import io.netty.handler.codec.mqtt.MqttQoS;
import io.netty.handler.codec.mqtt.MqttSubAckMessage;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.collection.IntObjectHashMap;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The protocol state of one load client. Everything here runs on the channel's event loop, so the
 * in-flight maps need no locks. Outbound QoS 1 completes on PUBACK, QoS 2 on PUBCOMP (PUBREL is sent
 * on PUBREC); inbound QoS 1 is answered with PUBACK, QoS 2 with PUBREC and then PUBCOMP.
 */
final class LoadClientHandler extends ChannelInboundHandlerAdapter {

    private final CompletableFuture<Void> connected = new CompletableFuture<>();
    private final IntObjectHashMap<CompletableFuture<Void>> outbound = new IntObjectHashMap<>();
    private final IntObjectHashMap<CompletableFuture<List<Integer>>> subscriptions = new IntObjectHashMap<>();
    private volatile InboundListener listener = InboundListener.IGNORE;
    private ChannelHandlerContext ctx;
    private int nextPacketId = 1;

    CompletableFuture<Void> connected() {
        return connected;
    }

    void listener(InboundListener listener) {
        this.listener = listener;
    }

    /** A publish that could not be written: its acknowledgement will never come. */
    void fail(int packetId, Throwable cause) {
        CompletableFuture<Void> done = outbound.remove(packetId);
        if (done != null) {
            done.completeExceptionally(cause);
        }
    }

    /** Reserves a free packet id for a future completed by the matching acknowledgement; 0 when none is free. */
    int reserve(CompletableFuture<Void> done) {
        int id = freeId(outbound.size());
        if (id > 0) {
            outbound.put(id, done);
        }
        return id;
    }

    int reserveSubscription(CompletableFuture<List<Integer>> done) {
        int id = freeId(subscriptions.size());
        if (id > 0) {
            subscriptions.put(id, done);
        }
        return id;
    }

    private int freeId(int used) {
        if (used >= 65_535) {
            return 0;
        }
        while (outbound.containsKey(nextPacketId) || subscriptions.containsKey(nextPacketId)) {
            nextPacketId = nextPacketId == 65_535 ? 1 : nextPacketId + 1;
        }
        int id = nextPacketId;
        nextPacketId = nextPacketId == 65_535 ? 1 : nextPacketId + 1;
        return id;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        try {
            if (msg instanceof MqttMessage message) {
                if (message.decoderResult().isFailure()) {
                    ctx.close();
                    return;
                }
                handle(message);
            }
        } finally {
            ReferenceCountUtil.release(msg);
        }
    }

    private void handle(MqttMessage message) {
        MqttMessageType type = message.fixedHeader().messageType();
        switch (type) {
            case CONNACK -> connAck((MqttConnAckMessage) message);
            case SUBACK -> subAck((MqttSubAckMessage) message);
            case PUBLISH -> publish((MqttPublishMessage) message);
            case PUBACK, PUBCOMP -> complete(packetId(message));
            case PUBREC -> ctx.writeAndFlush(ack(MqttMessageType.PUBREL, MqttQoS.AT_LEAST_ONCE, packetId(message)));
            case PUBREL -> ctx.writeAndFlush(ack(MqttMessageType.PUBCOMP, MqttQoS.AT_MOST_ONCE, packetId(message)));
            case DISCONNECT -> ctx.close();
            default -> {
                // PINGRESP and UNSUBACK need nothing
            }
        }
    }

    private void connAck(MqttConnAckMessage message) {
        byte code = message.variableHeader().connectReturnCode().byteValue();
        if (code == 0) {
            connected.complete(null);
        } else {
            connected.completeExceptionally(new IllegalStateException(String.format("CONNACK refused: 0x%02x", code)));
            ctx.close();
        }
    }

    private void subAck(MqttSubAckMessage message) {
        CompletableFuture<List<Integer>> done =
                subscriptions.remove(message.variableHeader().messageId());
        if (done != null) {
            done.complete(message.payload().reasonCodes());
        }
    }

    private void publish(MqttPublishMessage message) {
        int qos = message.fixedHeader().qosLevel().value();
        listener.onMessage(message.variableHeader().topicName(), message.payload(), qos);
        int id = message.variableHeader().packetId();
        if (qos == 1) {
            ctx.writeAndFlush(ack(MqttMessageType.PUBACK, MqttQoS.AT_MOST_ONCE, id));
        } else if (qos == 2) {
            ctx.writeAndFlush(ack(MqttMessageType.PUBREC, MqttQoS.AT_MOST_ONCE, id));
        }
    }

    private void complete(int packetId) {
        CompletableFuture<Void> done = outbound.remove(packetId);
        if (done != null) {
            done.complete(null);
        }
    }

    private static int packetId(MqttMessage message) {
        return ((MqttMessageIdVariableHeader) message.variableHeader()).messageId();
    }

    static MqttMessage ack(MqttMessageType type, MqttQoS qos, int packetId) {
        return new MqttMessage(
                new MqttFixedHeader(type, false, qos, false, 2), MqttMessageIdVariableHeader.from(packetId));
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof IdleStateEvent) {
            ctx.writeAndFlush(new MqttMessage(
                    new MqttFixedHeader(MqttMessageType.PINGREQ, false, MqttQoS.AT_MOST_ONCE, false, 0)));
        }
        ctx.fireUserEventTriggered(evt);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        IllegalStateException closed = new IllegalStateException("connection closed");
        connected.completeExceptionally(closed);
        outbound.values().forEach(f -> f.completeExceptionally(closed));
        subscriptions.values().forEach(f -> f.completeExceptionally(closed));
        outbound.clear();
        subscriptions.clear();
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        connected.completeExceptionally(cause);
        ctx.close();
    }
}
