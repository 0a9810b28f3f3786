package io.relaymq.dao.device;

/**
 * A message found in the store.
 *
 * @param packetId its packet id
 * @param score    its place in the client's sequence
 * @param kind     whether it was sent, or is a QoS 2 message awaiting PUBCOMP
 * @param payload  the encoded message (empty for {@link StoredKind#PUBREL})
 */
public record StoredMessage(int packetId, long score, StoredKind kind, byte[] payload) {}
