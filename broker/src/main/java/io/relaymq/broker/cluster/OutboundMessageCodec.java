package io.relaymq.broker.cluster;

import io.relaymq.broker.session.OutboundMessage;
import io.relaymq.common.message.PublishedMessageCodec;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/** The value of a downlink record: one message for one client on the receiving node. */
public final class OutboundMessageCodec {

    private static final byte VERSION = 1;

    private OutboundMessageCodec() {}

    public static byte[] encode(OutboundMessage m) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            byte[] message = PublishedMessageCodec.encode(m.message());
            out.writeByte(VERSION);
            out.writeByte(m.qos());
            out.writeBoolean(m.retain());
            out.writeInt(m.subscriptionIds().size());
            for (int id : m.subscriptionIds()) {
                out.writeInt(id);
            }
            out.writeBoolean(m.sharedFilter() != null);
            if (m.sharedFilter() != null) {
                out.writeUTF(m.sharedFilter());
            }
            out.writeInt(message.length);
            out.write(message);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    public static OutboundMessage decode(byte[] value) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(value))) {
            if (in.readByte() != VERSION) {
                throw new IllegalArgumentException("unknown downlink record version");
            }
            int qos = in.readByte();
            boolean retain = in.readBoolean();
            int ids = in.readInt();
            List<Integer> subscriptionIds = new ArrayList<>(ids);
            for (int i = 0; i < ids; i++) {
                subscriptionIds.add(in.readInt());
            }
            String shared = in.readBoolean() ? in.readUTF() : null;
            byte[] message = in.readNBytes(in.readInt());
            return new OutboundMessage(PublishedMessageCodec.decode(message), qos, retain, subscriptionIds, shared);
        } catch (IOException e) {
            throw new IllegalArgumentException("truncated downlink record", e);
        }
    }
}
