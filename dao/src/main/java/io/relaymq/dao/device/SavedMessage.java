package io.relaymq.dao.device;

/**
 * Where the store put a saved message; the pair names the message (an id alone may be reused once
 * the message was removed).
 *
 * @param packetId the packet id assigned (1..65535, wrapping); 0 for {@link #REPLAYED}
 * @param score    its place in the client's sequence: grows by one per saved message, never wraps
 */
public record SavedMessage(int packetId, long score) {

    /** In place of a message that was not stored because it is a copy of one stored before (a replay). */
    public static final SavedMessage REPLAYED = new SavedMessage(0, 0);

    public boolean replayed() {
        return packetId == 0;
    }
}
