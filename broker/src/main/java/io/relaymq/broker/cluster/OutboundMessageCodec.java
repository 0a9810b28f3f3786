package io.relaymq.broker.cluster;

import io.relaymq.broker.session.OutboundMessage;
import io.relaymq.common.message.PublishedMessageCodec;
import io.relaymq.common.wire.OutboundRecord;
import io.relaymq.common.wire.Wire;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The value of a downlink record, and of a message stored for a DEVICE session or written to an APPLICATION
 * topic: one message for one client, an {@link OutboundRecord} of the wire schema. Values written before the
 * schema (version byte 1) are still read.
 */
public final class OutboundMessageCodec {

    private static final byte VERSION_1 = 1;

    private OutboundMessageCodec() {}

    public static byte[] encode(OutboundMessage m) {
        OutboundRecord.Builder b = OutboundRecord.newBuilder()
                .setMessage(PublishedMessageCodec.toRecord(m.message()))
                .setQos(m.qos())
                .setRetain(m.retain())
                .addAllSubscriptionIds(m.subscriptionIds());
        if (m.sharedFilter() != null) {
            b.setSharedFilter(m.sharedFilter());
        }
        return Wire.frame(b.build());
    }

    public static OutboundMessage decode(byte[] value) {
        if (!Wire.isFramed(value)) {
            return decodeVersion1(value);
        }
        OutboundRecord r = Wire.unframe(value, OutboundRecord.parser(), "downlink");
        return new OutboundMessage(
                PublishedMessageCodec.fromRecord(r.getMessage()),
                r.getQos(),
                r.getRetain(),
                r.getSubscriptionIdsList(),
                r.hasSharedFilter() ? r.getSharedFilter() : null);
    }

    private static OutboundMessage decodeVersion1(byte[] value) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(value))) {
            if (in.readByte() != VERSION_1) {
                throw new IllegalArgumentException("unknown downlink record version");
            }
            int qos = in.readByte();
            boolean retain = in.readBoolean();
            int ids = in.readInt();
            if (ids < 0 || ids > in.available() / 4) {
                throw new IllegalArgumentException("bad subscription id count in downlink record");
            }
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
