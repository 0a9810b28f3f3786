package io.relaymq.broker.persistence.device;

import io.relaymq.broker.session.PersistedMessage;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * What a persistent DEVICE session asks of the store. Calls do not block; those whose result the
 * session does not need log their own failures (the message then stays stored and is sent again on the
 * next connection: at least once).
 */
public interface DeviceSessionStore {

    /**
     * The first page of a connection: the oldest stored messages in order. For a new session
     * ({@code present} false) everything stored for an earlier one is removed first.
     */
    CompletionStage<List<PersistedMessage>> startReading(String clientId, boolean present, int max);

    /** Up to {@code max} stored messages after {@code afterScore}, in order. */
    CompletionStage<List<PersistedMessage>> fetch(String clientId, long afterScore, int max);

    /**
     * Forgets the message with this packet id and score. The score matters: a message removed for a limit
     * while in flight may have handed its packet id to a newer one.
     */
    void remove(String clientId, int packetId, long score);

    /** Completes once the store knows the QoS 2 message (id and score) was received. */
    CompletionStage<Boolean> markPubrel(String clientId, int packetId, long score);

    /** These messages were sent on a connection that ended before they were acknowledged. */
    void markSent(String clientId, Collection<PersistedMessage> messages);

    void removeAll(String clientId);
}
