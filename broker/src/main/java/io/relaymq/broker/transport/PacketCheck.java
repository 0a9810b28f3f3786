package io.relaymq.broker.transport;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.codec.mqtt.MqttMessageFactory;
import io.netty.handler.codec.mqtt.MqttVersion;
import io.netty.util.AttributeKey;
import io.relaymq.broker.transport.ClientProperty.Packet;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Sits in front of Netty's MQTT decoder and checks the bytes of CONNECT, PUBLISH, SUBSCRIBE, UNSUBSCRIBE and AUTH for
 * what that decoder lets through: a user name or password the flags promise but the packet lacks
 * ([MQTT-3.1.2-19], [MQTT-3.1.2-21]), bytes after the CONNECT payload, will QoS 3 ([MQTT-3.1.2-12]), reserved
 * bits of subscription options ([MQTT-3.8.3-4] in 3.1.1, [MQTT-3.8.3-5] in 5.0), ill-formed UTF-8 (which the
 * decoder would turn into U+FFFD, [MQTT-1.5.4-1]), and 5.0 properties that appear twice (Protocol Error) or in a
 * packet they do not belong to (Malformed Packet). Whole packets are passed on unchanged; a violation is passed
 * on as an invalid message carrying a {@link PacketViolation}, and nothing after it is read. A packet longer
 * than the maximum, or a length that is no Variable Byte Integer, turns the check off for the connection so that
 * the decoder reports it as it always has.
 */
final class PacketCheck extends ByteToMessageDecoder {

    private static final AttributeKey<MqttVersion> VERSION = AttributeKey.valueOf("NETTY_CODEC_MQTT_VERSION");

    private enum Mode {
        CHECK,
        PASS,
        DISCARD
    }

    private final int maxPacketSize;
    private Mode mode = Mode.CHECK;
    private boolean connectSeen;
    private boolean v5;

    PacketCheck(int maxPacketSize) {
        this.maxPacketSize = maxPacketSize;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        switch (mode) {
            case PASS -> out.add(in.readRetainedSlice(in.readableBytes()));
            case DISCARD -> in.skipBytes(in.readableBytes());
            default -> nextPacket(ctx, in, out);
        }
    }

    private void nextPacket(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        int start = in.readerIndex();
        int length = 0;
        int headerLength = 1;
        while (true) {
            if (headerLength > 4) {
                passTheRest(in, out);
                return;
            }
            if (in.readableBytes() <= headerLength) {
                return;
            }
            int b = in.getUnsignedByte(start + headerLength);
            length |= (b & 0x7F) << (7 * (headerLength - 1));
            headerLength++;
            if ((b & 0x80) == 0) {
                break;
            }
        }
        if (length > maxPacketSize) {
            passTheRest(in, out);
            return;
        }
        if (in.readableBytes() < headerLength + length) {
            return;
        }
        try {
            check(ctx, in.getUnsignedByte(start), in.slice(start + headerLength, length));
        } catch (PacketViolation violation) {
            mode = Mode.DISCARD;
            in.skipBytes(in.readableBytes());
            out.add(MqttMessageFactory.newInvalidMessage(violation));
            return;
        }
        out.add(in.readRetainedSlice(headerLength + length));
    }

    private void passTheRest(ByteBuf in, List<Object> out) {
        mode = Mode.PASS;
        out.add(in.readRetainedSlice(in.readableBytes()));
    }

    private void check(ChannelHandlerContext ctx, int firstByte, ByteBuf body) {
        int type = firstByte >> 4;
        if (type == 1 && !connectSeen) {
            connectSeen = true;
            connect(ctx, new PacketFields(body, "CONNECT"));
        } else if (connectSeen && type == 3) {
            publish(firstByte, new PacketFields(body, "PUBLISH"));
        } else if (connectSeen && type == 8) {
            subscribe(new PacketFields(body, "SUBSCRIBE"));
        } else if (connectSeen && type == 10) {
            unsubscribe(new PacketFields(body, "UNSUBSCRIBE"));
        } else if (connectSeen && type == 15 && v5) {
            auth(new PacketFields(body, "AUTH"));
        }
    }

    /**
     * 5.0 AUTH: one of the three Authenticate Reason Codes ([MQTT-3.15.2-1]), then its properties; with
     * no bytes at all it means 0x00 without properties (§3.15.2.1).
     */
    private void auth(PacketFields f) {
        if (f.remaining() == 0) {
            return;
        }
        int reason = f.u8();
        if (reason != 0x00 && reason != 0x18 && reason != 0x19) {
            throw PacketViolation.protocolError("AUTH: reason code 0x" + Integer.toHexString(reason));
        }
        if (f.remaining() > 0) {
            properties(f, Packet.AUTH);
        }
        if (f.remaining() > 0) {
            throw PacketViolation.malformed("AUTH: " + f.remaining() + " bytes after the properties");
        }
    }

    private void connect(ChannelHandlerContext ctx, PacketFields f) {
        int nameLength = f.string("protocol name");
        int level = f.u8();
        boolean known = (nameLength == 4 && (level == 4 || level == 5)) || (nameLength == 6 && level == 3);
        if (!known) {
            return; // the decoder answers an unknown protocol ([MQTT-3.1.2-2])
        }
        v5 = level == 5;
        if (v5) {
            ctx.channel().attr(VERSION).set(MqttVersion.MQTT_5);
        }
        int flags = f.u8();
        f.u16();
        properties(f, Packet.CONNECT);
        f.string("client identifier");
        if ((flags & 0x04) != 0) {
            if (((flags >> 3) & 0x03) == 3) {
                throw PacketViolation.malformed("CONNECT: will QoS 3");
            }
            properties(f, Packet.WILL);
            f.string("will topic");
            f.binary();
        }
        if ((flags & 0x80) != 0) {
            if (f.remaining() == 0) {
                throw PacketViolation.malformed("CONNECT: User Name Flag set but no user name");
            }
            f.string("user name");
        }
        if ((flags & 0x40) != 0) {
            if (f.remaining() == 0) {
                throw PacketViolation.malformed("CONNECT: Password Flag set but no password");
            }
            f.binary();
        }
        if (f.remaining() > 0) {
            throw PacketViolation.malformed("CONNECT: " + f.remaining() + " bytes after the payload");
        }
    }

    private void publish(int firstByte, PacketFields f) {
        f.string("topic name");
        if ((firstByte & 0x06) != 0) {
            f.u16();
        }
        properties(f, Packet.PUBLISH);
    }

    private void subscribe(PacketFields f) {
        f.u16();
        properties(f, Packet.SUBSCRIBE);
        while (f.remaining() > 0) {
            f.string("topic filter");
            options(f.u8());
        }
    }

    /**
     * 3.1.1: reserved bits or QoS 3 are malformed ([MQTT-3-8.3-4]). 5.0: reserved bits are malformed
     * ([MQTT-3.8.3-5]); Maximum QoS 3 and Retain Handling 3 are Protocol Errors (§3.8.3.1).
     */
    private void options(int options) {
        if ((options & (v5 ? 0xC0 : 0xFC)) != 0) {
            throw PacketViolation.malformed("SUBSCRIBE: reserved bits of the subscription options set");
        }
        boolean qos3 = (options & 0x03) == 3;
        if (!v5 && qos3) {
            throw PacketViolation.malformed("SUBSCRIBE: requested QoS 3");
        }
        if (qos3 || ((options >> 4) & 0x03) == 3) {
            throw PacketViolation.protocolError("SUBSCRIBE: Maximum QoS 3 or Retain Handling 3");
        }
    }

    private void unsubscribe(PacketFields f) {
        f.u16();
        properties(f, Packet.UNSUBSCRIBE);
        while (f.remaining() > 0) {
            f.string("topic filter");
        }
    }

    /** A 5.0 property block: each identifier allowed here, at most once unless repeatable, values as typed. */
    private void properties(PacketFields f, Packet packet) {
        if (!v5) {
            return;
        }
        PacketFields block = f.block(f.varint());
        Set<ClientProperty> seen = EnumSet.noneOf(ClientProperty.class);
        while (block.remaining() > 0) {
            int id = block.varint();
            ClientProperty property = ClientProperty.of(id, packet);
            if (property == null) {
                throw PacketViolation.malformed(
                        packet + ": property 0x" + Integer.toHexString(id) + " is not valid here");
            }
            if (!seen.add(property) && !property.repeatable()) {
                throw PacketViolation.protocolError(packet + ": " + property + " more than once");
            }
            PropertyValues.check(block, property, packet);
        }
        if (seen.contains(ClientProperty.AUTHENTICATION_DATA) && !seen.contains(ClientProperty.AUTHENTICATION_METHOD)) {
            throw PacketViolation.protocolError(packet + ": Authentication Data without Authentication Method");
        }
    }
}
