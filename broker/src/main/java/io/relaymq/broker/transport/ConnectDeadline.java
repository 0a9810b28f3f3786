package io.relaymq.broker.transport;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * An absolute deadline from accept to CONNACK (MQTT_CONNECT_TIMEOUT): TLS handshake, WebSocket upgrade,
 * CONNECT and authentication must all be done by then, however steadily the client trickles bytes. At
 * the deadline {@link #EXPIRED} goes through the pipeline (the connection handler logs and counts it) and
 * the connection is closed. Removed once the connection is accepted.
 */
final class ConnectDeadline extends ChannelInboundHandlerAdapter {

    static final String NAME = "connectDeadline";
    /** The user event fired when the deadline passes. */
    static final Object EXPIRED = new Object() {
        @Override
        public String toString() {
            return "CONNECT deadline expired";
        }
    };

    private final long deadlineNanos;
    private ScheduledFuture<?> timer;

    ConnectDeadline(Duration deadline) {
        this.deadlineNanos = deadline.toNanos();
    }

    /** Puts the deadline at the head of {@code pipeline} unless it has one; its clock starts now. */
    static void addTo(ChannelPipeline pipeline, Duration deadline) {
        if (pipeline.get(NAME) == null) {
            pipeline.addFirst(NAME, new ConnectDeadline(deadline));
        }
    }

    /** The connection was accepted: no deadline any more. */
    static void removeFrom(ChannelPipeline pipeline) {
        if (pipeline.get(NAME) != null) {
            pipeline.remove(NAME);
        }
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        timer = ctx.executor().schedule(() -> expire(ctx), deadlineNanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        cancel();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        cancel();
        super.channelInactive(ctx);
    }

    private void cancel() {
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
    }

    private void expire(ChannelHandlerContext ctx) {
        timer = null;
        if (!ctx.channel().isOpen()) {
            return;
        }
        ctx.fireUserEventTriggered(EXPIRED);
        ctx.close();
    }
}
