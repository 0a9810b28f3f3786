package io.relaymq.broker.transport;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.MessageToMessageCodec;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.ContinuationWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import java.util.List;

/**
 * MQTT over WebSocket: binary (and continuation) frames carry the MQTT byte stream, in any split
 * ([MQTT-6.0.0-2]); the MQTT decoder reassembles packets. Text frames close the connection
 * ([MQTT-6.0.0-1]).
 */
final class WebSocketFrames extends MessageToMessageCodec<WebSocketFrame, ByteBuf> {

    @Override
    protected void encode(ChannelHandlerContext ctx, ByteBuf bytes, List<Object> out) {
        out.add(new BinaryWebSocketFrame(bytes.retain()));
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, WebSocketFrame frame, List<Object> out) {
        if (frame instanceof BinaryWebSocketFrame || frame instanceof ContinuationWebSocketFrame) {
            out.add(frame.content().retain());
        } else {
            ctx.close();
        }
    }
}
