package io.relaymq.broker.auth.scram;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

/**
 * Reads the two client messages of a SCRAM exchange (RFC 5802 section 7) strictly and within limits: at
 * most {@value #MAX_MESSAGE_BYTES} bytes of well-formed UTF-8, a user name of at most {@value #MAX_USER_CHARS}
 * characters, a nonce of {@value #MIN_NONCE} to {@value #MAX_NONCE} printable characters. Only the GS2
 * header {@code n,,} is accepted: no channel binding, no authorization identity. Anything else throws
 * {@link MalformedScram}.
 */
public final class ScramMessages {

    public static final int MAX_MESSAGE_BYTES = 1024;
    public static final int MAX_USER_CHARS = 255;
    public static final int MIN_NONCE = 8;
    public static final int MAX_NONCE = 128;
    /** The only GS2 header accepted: the client does not use channel binding and names no authzid. */
    public static final String GS2_HEADER = "n,,";
    /** base64 of {@link #GS2_HEADER}: the {@code c=} the client-final-message must carry. */
    public static final String CHANNEL_BINDING =
            Base64.getEncoder().encodeToString(GS2_HEADER.getBytes(StandardCharsets.US_ASCII));

    private ScramMessages() {}

    public static ClientFirst clientFirst(byte[] message) {
        String text = text(message, "client-first-message");
        if (text.startsWith("p=")) {
            throw new MalformedScram("channel binding is not supported");
        }
        if (!text.startsWith(GS2_HEADER)) {
            throw new MalformedScram("the GS2 header must be 'n,,' (no channel binding, no authzid)");
        }
        String bare = text.substring(GS2_HEADER.length());
        List<String> attributes = List.of(bare.split(",", -1));
        if (attributes.size() < 2) {
            throw new MalformedScram("client-first-message needs a user name and a nonce");
        }
        if (attributes.get(0).startsWith("m=")) {
            throw new MalformedScram("mandatory extensions are not supported");
        }
        String user = saslNameDecode(value(attributes.get(0), 'n'));
        String nonce = nonce(value(attributes.get(1), 'r'));
        extensions(attributes.subList(2, attributes.size()));
        return new ClientFirst(user, nonce, bare);
    }

    public static ClientFinal clientFinal(byte[] message) {
        String text = text(message, "client-final-message");
        List<String> attributes = List.of(text.split(",", -1));
        if (attributes.size() < 3) {
            throw new MalformedScram("client-final-message needs channel binding, nonce and proof");
        }
        String binding = value(attributes.get(0), 'c');
        if (!CHANNEL_BINDING.equals(binding)) {
            throw new MalformedScram("channel binding data must be '" + CHANNEL_BINDING + "'");
        }
        String nonce = value(attributes.get(1), 'r');
        String proofAttribute = attributes.get(attributes.size() - 1);
        extensions(attributes.subList(2, attributes.size() - 1));
        byte[] proof;
        try {
            proof = Base64.getDecoder().decode(value(proofAttribute, 'p'));
        } catch (IllegalArgumentException e) {
            throw new MalformedScram("the proof is not base64");
        }
        String withoutProof = text.substring(0, text.length() - proofAttribute.length() - 1);
        return new ClientFinal(binding, nonce, proof, withoutProof);
    }

    /** A user name as a saslname: {@code ,} and {@code =} written as {@code =2C} and {@code =3D}. */
    public static String saslName(String user) {
        return user.replace("=", "=3D").replace(",", "=2C");
    }

    private static String text(byte[] message, String what) {
        if (message == null || message.length == 0) {
            throw new MalformedScram(what + " is missing");
        }
        if (message.length > MAX_MESSAGE_BYTES) {
            throw new MalformedScram(what + " is longer than " + MAX_MESSAGE_BYTES + " bytes");
        }
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(message))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new MalformedScram(what + " is not UTF-8");
        }
    }

    private static String value(String attribute, char name) {
        if (attribute.length() < 2 || attribute.charAt(0) != name || attribute.charAt(1) != '=') {
            throw new MalformedScram("expected attribute '" + name + "='");
        }
        return attribute.substring(2);
    }

    private static String nonce(String nonce) {
        if (nonce.length() < MIN_NONCE || nonce.length() > MAX_NONCE) {
            throw new MalformedScram("the nonce must have " + MIN_NONCE + " to " + MAX_NONCE + " characters");
        }
        for (int i = 0; i < nonce.length(); i++) {
            char c = nonce.charAt(i);
            if (c < 0x21 || c > 0x7E || c == ',') {
                throw new MalformedScram("the nonce may hold only printable ASCII other than ','");
            }
        }
        return nonce;
    }

    /** Optional extensions ({@code <letter>=<value>}) are allowed and ignored. */
    private static void extensions(List<String> attributes) {
        for (String attribute : attributes) {
            if (attribute.length() < 2 || !Character.isLetter(attribute.charAt(0)) || attribute.charAt(1) != '=') {
                throw new MalformedScram("an attribute is not '<letter>=<value>'");
            }
        }
    }

    private static String saslNameDecode(String name) {
        StringBuilder out = new StringBuilder(name.length());
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '=') {
                String escape = name.substring(i, Math.min(name.length(), i + 3));
                if (escape.equals("=2C")) {
                    out.append(',');
                } else if (escape.equals("=3D")) {
                    out.append('=');
                } else {
                    throw new MalformedScram("'=' in a user name must be =2C or =3D");
                }
                i += 2;
            } else if (c < 0x20 || c == 0x7F) {
                throw new MalformedScram("the user name holds a control character");
            } else {
                out.append(c);
            }
        }
        if (out.isEmpty() || out.codePointCount(0, out.length()) > MAX_USER_CHARS) {
            throw new MalformedScram("the user name must have 1 to " + MAX_USER_CHARS + " characters");
        }
        return out.toString();
    }
}
