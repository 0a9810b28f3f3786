package io.relaymq.broker.transport;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.haproxy.HAProxyMessage;
import io.relaymq.broker.mqtt.ClientAddresses;
import java.net.InetSocketAddress;

/**
 * Takes the PROXY protocol header a load balancer sent first and keeps the client's real address on the
 * channel ({@link ClientAddresses}), for logs and, later, address-based rules. Removes itself after.
 */
final class ProxiedAddress extends ChannelInboundHandlerAdapter {

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof HAProxyMessage proxy) {
            try {
                if (proxy.sourceAddress() != null) {
                    ctx.channel()
                            .attr(ClientAddresses.PROXIED)
                            .set(new InetSocketAddress(proxy.sourceAddress(), proxy.sourcePort()));
                }
            } finally {
                proxy.release();
            }
            ctx.pipeline().remove(this);
            return;
        }
        ctx.fireChannelRead(msg);
    }
}
