package io.relaymq.broker.auth.scram;

/**
 * A parsed client-final-message.
 *
 * @param channelBinding the {@code c=} value as sent (base64 of the GS2 header)
 * @param nonce          the combined nonce the client repeats
 * @param proof          the decoded ClientProof
 * @param withoutProof   client-final-message-without-proof as sent, part of the AuthMessage
 */
public record ClientFinal(String channelBinding, String nonce, byte[] proof, String withoutProof) {}
