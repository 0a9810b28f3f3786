package io.relaymq.perf.client;

import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.handler.codec.mqtt.MqttFixedHeader;
import io.netty.handler.codec.mqtt.MqttMessage;
import io.netty.handler.codec.mqtt.MqttMessageBuilders;
import io.netty.handler.codec.mqtt.MqttMessageType;
import io.netty.handler.codec.mqtt.MqttPublishMessage;
import io.netty.handler.codec.mqtt.MqttPublishVariableHeader;
import io.netty.handler.codec.mqtt.MqttQoS;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** One connected MQTT client of the load generator. Thread-safe: work is handed to its event loop. */
public final class LoadClient {

    private final Channel channel;
    private final LoadClientHandler handler;
    private final String clientId;

    LoadClient(Channel channel, LoadClientHandler handler, String clientId) {
        this.channel = channel;
        this.handler = handler;
        this.clientId = clientId;
    }

    public String clientId() {
        return clientId;
    }

    public boolean isActive() {
        return channel.isActive();
    }

    /** Completes when the connection closes for any reason. */
    public CompletableFuture<Void> closed() {
        CompletableFuture<Void> closed = new CompletableFuture<>();
        channel.closeFuture().addListener(f -> closed.complete(null));
        return closed;
    }

    public void onMessage(InboundListener listener) {
        handler.listener(listener);
    }

    /** Subscribes; completes with the SUBACK reason codes, exceptionally if any is a failure (0x80 and up). */
    public CompletableFuture<List<Integer>> subscribe(String filter, int qos) {
        CompletableFuture<List<Integer>> done = new CompletableFuture<>();
        channel.eventLoop().execute(() -> {
            int id = handler.reserveSubscription(done);
            if (id == 0) {
                done.completeExceptionally(new IllegalStateException("no free packet id"));
                return;
            }
            channel.writeAndFlush(MqttMessageBuilders.subscribe()
                    .messageId(id)
                    .addSubscription(MqttQoS.valueOf(qos), filter)
                    .build());
        });
        return done.thenApply(codes -> {
            if (codes.stream().anyMatch(code -> code >= 0x80)) {
                throw new IllegalStateException("SUBSCRIBE " + filter + " refused: " + codes);
            }
            return codes;
        });
    }

    /**
     * Publishes; completes when the message is acknowledged (PUBACK for QoS 1, PUBCOMP for QoS 2) or,
     * for QoS 0, once written to the socket.
     */
    public CompletableFuture<Void> publish(String topic, int qos, byte[] payload) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        channel.eventLoop().execute(() -> send(topic, qos, payload, done));
        return done;
    }

    private void send(String topic, int qos, byte[] payload, CompletableFuture<Void> done) {
        if (!channel.isActive()) {
            done.completeExceptionally(new IllegalStateException("not connected"));
            return;
        }
        if (qos == 0) {
            channel.writeAndFlush(publishMessage(topic, 0, 0, payload)).addListener(f -> {
                if (f.isSuccess()) {
                    done.complete(null);
                } else {
                    done.completeExceptionally(f.cause());
                }
            });
            return;
        }
        int id = handler.reserve(done);
        if (id == 0) {
            done.completeExceptionally(new IllegalStateException("65535 publishes in flight"));
            return;
        }
        channel.writeAndFlush(publishMessage(topic, qos, id, payload)).addListener(f -> {
            if (!f.isSuccess()) {
                handler.fail(id, f.cause());
            }
        });
    }

    /** Built directly: Netty's PublishBuilder copies the payload into a new buffer. */
    static MqttPublishMessage publishMessage(String topic, int qos, int packetId, byte[] payload) {
        return new MqttPublishMessage(
                new MqttFixedHeader(MqttMessageType.PUBLISH, false, MqttQoS.valueOf(qos), false, 0),
                new MqttPublishVariableHeader(topic, packetId),
                Unpooled.wrappedBuffer(payload));
    }

    /** Sends DISCONNECT and closes; completes when closed. */
    public CompletableFuture<Void> disconnect() {
        CompletableFuture<Void> closed = closed();
        if (channel.isActive()) {
            channel.writeAndFlush(new MqttMessage(
                            new MqttFixedHeader(MqttMessageType.DISCONNECT, false, MqttQoS.AT_MOST_ONCE, false, 0)))
                    .addListener(f -> channel.close());
        } else {
            channel.close();
        }
        return closed;
    }
}
