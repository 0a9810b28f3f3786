package io.relaymq.common.message;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The Kafka record value of a {@link PublishedMessage}: a compact binary layout, versioned by its first
 * byte. Strings are length-prefixed UTF-8; optional fields are announced by a flags byte.
 */
public final class PublishedMessageCodec {

    static final byte VERSION = 1;
    private static final int RETAIN = 1;
    private static final int PAYLOAD_FORMAT = 1 << 1;
    private static final int EXPIRY = 1 << 2;
    private static final int CONTENT_TYPE = 1 << 3;
    private static final int RESPONSE_TOPIC = 1 << 4;
    private static final int CORRELATION = 1 << 5;
    private static final int USER_PROPERTIES = 1 << 6;

    private PublishedMessageCodec() {}

    public static byte[] encode(PublishedMessage m) {
        MessageProperties p = m.properties();
        byte[] topic = utf8(m.topic());
        byte[] publisher = utf8(m.publisherId());
        int flags = (m.retain() ? RETAIN : 0)
                | (p.payloadFormat() != null ? PAYLOAD_FORMAT : 0)
                | (p.expirySeconds() != null ? EXPIRY : 0)
                | (p.contentType() != null ? CONTENT_TYPE : 0)
                | (p.responseTopic() != null ? RESPONSE_TOPIC : 0)
                | (p.correlationData() != null ? CORRELATION : 0)
                | (!p.userProperties().isEmpty() ? USER_PROPERTIES : 0);
        List<byte[]> optional = new ArrayList<>();
        int size = 1 + 1 + 1 + 8 + 4 + topic.length + 4 + publisher.length + 4 + m.payload().length;
        if (p.payloadFormat() != null) {
            size += 1;
        }
        if (p.expirySeconds() != null) {
            size += 8;
        }
        for (byte[] field : new byte[][] {
            p.contentType() == null ? null : utf8(p.contentType()),
            p.responseTopic() == null ? null : utf8(p.responseTopic()),
            p.correlationData()
        }) {
            if (field != null) {
                optional.add(field);
                size += 4 + field.length;
            }
        }
        List<byte[]> userProps = new ArrayList<>();
        for (UserProperty up : p.userProperties()) {
            userProps.add(utf8(up.name()));
            userProps.add(utf8(up.value()));
        }
        if (!userProps.isEmpty()) {
            size += 4;
            for (byte[] b : userProps) {
                size += 4 + b.length;
            }
        }
        ByteBuffer out = ByteBuffer.allocate(size);
        out.put(VERSION).put((byte) flags).put((byte) m.qos()).putLong(m.createdMillis());
        putBytes(out, topic);
        putBytes(out, publisher);
        putBytes(out, m.payload());
        if (p.payloadFormat() != null) {
            out.put(p.payloadFormat().byteValue());
        }
        if (p.expirySeconds() != null) {
            out.putLong(p.expirySeconds());
        }
        optional.forEach(b -> putBytes(out, b));
        if (!userProps.isEmpty()) {
            out.putInt(userProps.size() / 2);
            userProps.forEach(b -> putBytes(out, b));
        }
        return out.array();
    }

    public static PublishedMessage decode(byte[] bytes) {
        try {
            ByteBuffer in = ByteBuffer.wrap(bytes);
            byte version = in.get();
            if (version != VERSION) {
                throw new IllegalArgumentException("unknown message format version " + version);
            }
            int flags = in.get();
            int qos = in.get();
            long created = in.getLong();
            String topic = string(in);
            String publisher = string(in);
            byte[] payload = bytes(in);
            Integer format = (flags & PAYLOAD_FORMAT) != 0 ? (int) in.get() : null;
            Long expiry = (flags & EXPIRY) != 0 ? in.getLong() : null;
            String contentType = (flags & CONTENT_TYPE) != 0 ? string(in) : null;
            String responseTopic = (flags & RESPONSE_TOPIC) != 0 ? string(in) : null;
            byte[] correlation = (flags & CORRELATION) != 0 ? bytes(in) : null;
            List<UserProperty> userProperties = new ArrayList<>();
            if ((flags & USER_PROPERTIES) != 0) {
                int count = in.getInt();
                for (int i = 0; i < count; i++) {
                    userProperties.add(new UserProperty(string(in), string(in)));
                }
            }
            return new PublishedMessage(
                    topic,
                    qos,
                    (flags & RETAIN) != 0,
                    payload,
                    publisher,
                    created,
                    new MessageProperties(format, expiry, contentType, responseTopic, correlation, userProperties));
        } catch (BufferUnderflowException | NegativeArraySizeException e) {
            throw new IllegalArgumentException("truncated message record", e);
        }
    }

    private static void putBytes(ByteBuffer out, byte[] b) {
        out.putInt(b.length).put(b);
    }

    private static byte[] bytes(ByteBuffer in) {
        byte[] b = new byte[in.getInt()];
        in.get(b);
        return b;
    }

    private static String string(ByteBuffer in) {
        return new String(bytes(in), StandardCharsets.UTF_8);
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
