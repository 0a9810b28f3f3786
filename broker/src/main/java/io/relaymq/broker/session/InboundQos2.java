package io.relaymq.broker.session;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The QoS 2 packet ids a session received and has not seen PUBREL for (method B of MQTT 3.1.1 §4.3.3 /
 * 5.0 §4.3.3: the receiver stores the packet id until PUBREL, [MQTT-4.3.3-9], [MQTT-4.3.3-10]). The ids of a
 * session with an expiry above 0 are also kept in an {@link InboundQos2Store}, so the node that continues the
 * session after a takeover, a drain or a crash knows them too:
 * <ul>
 *   <li>an id is written after Kafka stored its message and before PUBREC goes out ({@link #stored});</li>
 *   <li>it is removed before PUBCOMP goes out ({@link #release}): a stale id would make the next node
 *       drop a new PUBLISH that reuses it;</li>
 *   <li>a continued session reads them before its CONNACK, a new one removes whatever was kept
 *       ({@link #begin});</li>
 *   <li>the session's end removes them; its expiry renews their TTL ({@link #ended}, {@link #expiring}).</li>
 * </ul>
 * Runs on the session's thread, except where a method says otherwise.
 */
public final class InboundQos2 {

    private static final Logger log = LoggerFactory.getLogger(InboundQos2.class);
    private static final CompletionStage<Void> DONE = CompletableFuture.completedFuture(null);

    private final String clientId;
    private final InboundQos2Store store;
    private final Set<Integer> awaiting = new HashSet<>();
    /** Whether the store may hold ids of this session (it wrote or read some). */
    private boolean kept;
    /** Whether the ids kept for a continued session still have to be read. */
    private boolean unread;

    InboundQos2(String clientId, InboundQos2Store store) {
        this.clientId = clientId;
        this.store = store;
    }

    /** The ids in this node's memory: the ones PUBLISH and PUBREL are checked against. */
    public Set<Integer> ids() {
        return awaiting;
    }

    /**
     * Kafka stored the message of {@code packetId}: for a session that outlives its connection the id is
     * written to the store, and PUBREC may go out once the returned stage completed.
     */
    public CompletionStage<Void> stored(int packetId, long expirySeconds) {
        if (expirySeconds == 0) {
            return DONE;
        }
        kept = true;
        return store.received(clientId, packetId, expirySeconds);
    }

    /** PUBREL: PUBCOMP may go out once the returned stage completed (the id is gone from the store). */
    public CompletionStage<Void> release(int packetId) {
        if (!kept) {
            return DONE;
        }
        return store.released(clientId, packetId);
    }

    /**
     * Before CONNACK on a node new to the session: a continued session ({@code present}) reads the ids kept
     * for it; a new persistent one ({@code clear}) removes what an earlier session left. The stage completes
     * on any thread; the ids are in {@link #ids()} once {@code execute} ran the hand-over.
     */
    public CompletionStage<Void> begin(boolean present, boolean clear, Consumer<Runnable> execute) {
        if (present) {
            kept = true;
            unread = true;
            return store.load(clientId).thenCompose(ids -> {
                CompletableFuture<Void> added = new CompletableFuture<>();
                execute.accept(() -> {
                    awaiting.addAll(ids);
                    unread = false;
                    added.complete(null);
                });
                if (!ids.isEmpty()) {
                    log.debug("[{}] QoS 2 packet ids awaiting PUBREL restored: {}", clientId, ids);
                }
                return added;
            });
        }
        return clear ? store.removeAll(clientId) : DONE;
    }

    /** A session continued on this node whose ids could not be read at its last connect reads them now. */
    public CompletionStage<Void> resume(Consumer<Runnable> execute) {
        return unread ? begin(true, false, execute) : DONE;
    }

    /** The connection is gone and the session's expiry starts: what is kept lives as long as the session. */
    void expiring(long expirySeconds) {
        if (kept && expirySeconds > 0) {
            logFailure("renew the TTL of", store.keep(clientId, expirySeconds));
        }
    }

    /** The session is over; {@code forGood} false: it continues on another node, which now owns the ids. */
    void ended(boolean forGood) {
        awaiting.clear();
        if (forGood && kept) {
            logFailure("remove", store.removeAll(clientId));
        }
    }

    private void logFailure(String what, CompletionStage<Void> call) {
        call.whenComplete((ok, error) -> {
            if (error != null) {
                log.warn("[{}] could not {} the QoS 2 packet ids awaiting PUBREL", clientId, what, error);
            }
        });
    }
}
