package io.relaymq.broker.support;

import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.mqtt.MqttMessage;
import io.netty.handler.codec.mqtt.MqttMessageIdVariableHeader;
import io.netty.handler.codec.mqtt.MqttPubReplyMessageVariableHeader;
import io.netty.handler.codec.mqtt.MqttPublishMessage;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** The packets an embedded channel wrote, read out and described one per line. */
public final class WrittenPackets {

    private WrittenPackets() {}

    /**
     * As "PUBLISH 3 m3", "PUBLISH 3 m3 DUP" (packet id, payload as text, DUP), "PUBREL 3", or "PUBREL 3 0x92"
     * for an acknowledgement with a reason code other than success.
     */
    public static List<String> readFrom(EmbeddedChannel channel) {
        List<String> out = new ArrayList<>();
        Object o;
        while ((o = channel.readOutbound()) != null) {
            out.add(describe((MqttMessage) o));
            ReferenceCountUtil.release(o);
        }
        return out;
    }

    private static String describe(MqttMessage m) {
        if (m instanceof MqttPublishMessage p) {
            return "PUBLISH " + p.variableHeader().packetId() + " "
                    + p.payload().toString(StandardCharsets.UTF_8)
                    + (p.fixedHeader().isDup() ? " DUP" : "");
        }
        if (m.variableHeader() instanceof MqttPubReplyMessageVariableHeader reply && reply.reasonCode() != 0) {
            return m.fixedHeader().messageType() + " " + reply.messageId() + " 0x"
                    + Integer.toHexString(reply.reasonCode() & 0xFF);
        }
        return m.fixedHeader().messageType() + " " + ((MqttMessageIdVariableHeader) m.variableHeader()).messageId();
    }
}
