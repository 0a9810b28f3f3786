package io.relaymq.broker.transport;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.util.ReferenceCountUtil;

/**
 * Before CONNACK, every packet (the CONNECT first of all) may declare at most MQTT_MAX_CONNECT_PACKET_SIZE
 * bytes, so an unauthenticated connection cannot make the decoder buffer a packet of up to
 * MQTT_MAX_PACKET_SIZE. Reads each fixed header as the bytes pass (nothing is copied or held) and fails
 * the connection with {@link TooLongFrameException} as soon as a declared length is over the limit.
 * Removed once the connection is accepted; from then on the decoder's own limit applies.
 */
final class FirstPacketLimit extends ChannelInboundHandlerAdapter {

    static final String NAME = "firstPacketLimit";
    private static final int MAX_LENGTH_BYTES = 4;

    private final int limit;
    /** Bytes of the current packet's body still to pass; 0 while reading a fixed header. */
    private long bodyLeft;

    private int headerBytes;
    private int remainingLength;
    private int multiplier = 1;
    private boolean failed;

    FirstPacketLimit(int limit) {
        this.limit = limit;
    }

    static void removeFrom(ChannelPipeline pipeline) {
        if (pipeline.get(NAME) != null) {
            pipeline.remove(NAME);
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof ByteBuf bytes)) {
            ctx.fireChannelRead(msg);
            return;
        }
        if (failed) {
            ReferenceCountUtil.release(msg);
            return;
        }
        int declared = scan(bytes);
        if (declared > limit) {
            failed = true;
            ReferenceCountUtil.release(msg);
            ctx.fireExceptionCaught(
                    new TooLongFrameException("a packet before CONNACK declares " + declared + " bytes, more than the "
                            + limit + " allowed before authentication (MQTT_MAX_CONNECT_PACKET_SIZE)"));
            return;
        }
        ctx.fireChannelRead(msg);
    }

    /** Follows the packet boundaries through {@code bytes}; the largest remaining length declared in them. */
    private int scan(ByteBuf bytes) {
        int largest = 0;
        int i = bytes.readerIndex();
        int end = bytes.writerIndex();
        while (i < end) {
            if (bodyLeft > 0) {
                int skip = (int) Math.min(bodyLeft, end - i);
                bodyLeft -= skip;
                i += skip;
                continue;
            }
            byte b = bytes.getByte(i++);
            headerBytes++;
            if (headerBytes == 1) {
                continue;
            }
            remainingLength += (b & 0x7F) * multiplier;
            multiplier *= 128;
            if ((b & 0x80) == 0 || headerBytes > MAX_LENGTH_BYTES) {
                // a fifth length byte is malformed: the decoder reports it; the length so far is checked here
                largest = Math.max(largest, remainingLength);
                bodyLeft = remainingLength;
                headerBytes = 0;
                remainingLength = 0;
                multiplier = 1;
            }
        }
        return largest;
    }
}
