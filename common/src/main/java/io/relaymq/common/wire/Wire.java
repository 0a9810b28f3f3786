package io.relaymq.common.wire;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.MessageLite;
import com.google.protobuf.Parser;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * How a message of the wire schema ({@code wire.proto}) becomes a record value and back: the format byte
 * {@link #FORMAT}, then the message. The byte tells these values from those written before the schema, which
 * start with a version from 1 to 4 or a command tag, so a codec reads both.
 */
public final class Wire {

    /** The first byte of every value in the wire schema: {@code 'P'}. */
    public static final byte FORMAT = 0x50;

    private Wire() {}

    /** The record value of {@code message}. */
    public static byte[] frame(MessageLite message) {
        byte[] value = new byte[1 + message.getSerializedSize()];
        value[0] = FORMAT;
        CodedOutputStream out = CodedOutputStream.newInstance(value, 1, value.length - 1);
        try {
            message.writeTo(out);
            out.checkNoSpaceLeft();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return value;
    }

    /** Whether {@code value} is in the wire schema (not in a format written before it). */
    public static boolean isFramed(byte[] value) {
        return value != null && value.length > 0 && value[0] == FORMAT;
    }

    /**
     * The message in {@code value}.
     *
     * @throws IllegalArgumentException when it is not a message of that type
     */
    public static <T> T unframe(byte[] value, Parser<T> parser, String what) {
        if (!isFramed(value)) {
            throw new IllegalArgumentException(what + " record is not in the wire schema");
        }
        try {
            return parser.parseFrom(value, 1, value.length - 1);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalArgumentException("malformed " + what + " record: " + e.getMessage(), e);
        }
    }
}
