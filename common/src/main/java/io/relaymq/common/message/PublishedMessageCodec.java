package io.relaymq.common.message;

import com.google.protobuf.ByteString;
import com.google.protobuf.UnsafeByteOperations;
import io.relaymq.common.wire.PublishedRecord;
import io.relaymq.common.wire.UserPropertyRecord;
import io.relaymq.common.wire.Wire;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The record value of a {@link PublishedMessage}: a {@link PublishedRecord} of the wire schema. Values written
 * before the schema (version byte 1: a compact layout whose optional fields are announced by a flags byte) are
 * still read.
 */
public final class PublishedMessageCodec {

    /** The layout written before the wire schema. */
    static final byte VERSION_1 = 1;

    private static final int RETAIN = 1;
    private static final int PAYLOAD_FORMAT = 1 << 1;
    private static final int EXPIRY = 1 << 2;
    private static final int CONTENT_TYPE = 1 << 3;
    private static final int RESPONSE_TOPIC = 1 << 4;
    private static final int CORRELATION = 1 << 5;
    private static final int USER_PROPERTIES = 1 << 6;

    private PublishedMessageCodec() {}

    public static byte[] encode(PublishedMessage m) {
        return Wire.frame(toRecord(m));
    }

    public static PublishedMessage decode(byte[] bytes) {
        if (Wire.isFramed(bytes)) {
            return fromRecord(Wire.unframe(bytes, PublishedRecord.parser(), "message"));
        }
        return decodeVersion1(bytes);
    }

    /** The message as a part of another record (the payload is shared, not copied). */
    public static PublishedRecord toRecord(PublishedMessage m) {
        MessageProperties p = m.properties();
        PublishedRecord.Builder b = PublishedRecord.newBuilder()
                .setTopic(m.topic())
                .setQos(m.qos())
                .setRetain(m.retain())
                .setPayload(UnsafeByteOperations.unsafeWrap(m.payload()))
                .setPublisherId(m.publisherId())
                .setCreatedMillis(m.createdMillis());
        if (p.payloadFormat() != null) {
            b.setPayloadFormat(p.payloadFormat());
        }
        if (p.expirySeconds() != null) {
            b.setExpirySeconds(p.expirySeconds());
        }
        if (p.contentType() != null) {
            b.setContentType(p.contentType());
        }
        if (p.responseTopic() != null) {
            b.setResponseTopic(p.responseTopic());
        }
        if (p.correlationData() != null) {
            b.setCorrelationData(ByteString.copyFrom(p.correlationData()));
        }
        for (UserProperty up : p.userProperties()) {
            b.addUserProperties(
                    UserPropertyRecord.newBuilder().setName(up.name()).setValue(up.value()));
        }
        return b.build();
    }

    /**
     * The message in a record.
     *
     * @throws IllegalArgumentException when a field is out of range (a QoS above 2)
     */
    public static PublishedMessage fromRecord(PublishedRecord r) {
        List<UserProperty> userProperties = new ArrayList<>(r.getUserPropertiesCount());
        for (UserPropertyRecord up : r.getUserPropertiesList()) {
            userProperties.add(new UserProperty(up.getName(), up.getValue()));
        }
        return new PublishedMessage(
                r.getTopic(),
                r.getQos(),
                r.getRetain(),
                r.getPayload().toByteArray(),
                r.getPublisherId(),
                r.getCreatedMillis(),
                new MessageProperties(
                        r.hasPayloadFormat() ? r.getPayloadFormat() : null,
                        r.hasExpirySeconds() ? r.getExpirySeconds() : null,
                        r.hasContentType() ? r.getContentType() : null,
                        r.hasResponseTopic() ? r.getResponseTopic() : null,
                        r.hasCorrelationData() ? r.getCorrelationData().toByteArray() : null,
                        userProperties));
    }

    private static PublishedMessage decodeVersion1(byte[] bytes) {
        try {
            ByteBuffer in = ByteBuffer.wrap(bytes);
            byte version = in.get();
            if (version != VERSION_1) {
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

    private static byte[] bytes(ByteBuffer in) {
        int length = in.getInt();
        if (length < 0 || length > in.remaining()) {
            throw new IllegalArgumentException("bad length in message record");
        }
        byte[] b = new byte[length];
        in.get(b);
        return b;
    }

    private static String string(ByteBuffer in) {
        return new String(bytes(in), StandardCharsets.UTF_8);
    }
}
