package io.relaymq.broker.session;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
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
 *   <li>an id is kept before its message goes to Kafka, with the token the Kafka record carries
 *       ({@link #keep}); PUBREC goes out once Kafka stored the message;</li>
 *   <li>it is removed before PUBCOMP goes out ({@link #release}): a stale id would make the next node
 *       take a new PUBLISH that reuses it for a copy;</li>
 *   <li>a node new to the session begins it in the store before its CONNACK, which stops older nodes keeping
 *       ids (and so forwarding), and reads the ids kept; a clean start forgets them first ({@link #begin}).
 *       Ids read there are {@link #unverified}: the old node may have died before or after Kafka stored
 *       their messages, and a PUBLISH sent again with one is checked against Kafka by its token;</li>
 *   <li>the session's end removes them; its expiry renews their TTL ({@link #ended}, {@link #expiring}).</li>
 * </ul>
 * Runs on the session's thread, except where a method says otherwise.
 */
public final class InboundQos2 {

    private static final Logger log = LoggerFactory.getLogger(InboundQos2.class);
    private static final CompletionStage<Void> DONE = CompletableFuture.completedFuture(null);
    private static final CompletionStage<Boolean> KEPT = CompletableFuture.completedFuture(true);

    private final String clientId;
    private final InboundQos2Store store;
    private final Set<Integer> awaiting = new HashSet<>();
    private final Map<Integer, InboundQos2Store.Receipt> unverified = new HashMap<>();
    /** Whether the store may hold ids of this session (it wrote or read some). */
    private boolean kept;
    /** A continued session whose ids could not be read yet: its next connect on this node reads them. */
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
     * The receipt of an id read from the store whose message this node has not seen: Kafka may or may not
     * have it; null for an id this node received itself.
     */
    public InboundQos2Store.Receipt unverified(int packetId) {
        return unverified.get(packetId);
    }

    /** A PUBLISH with an unverified id was checked against Kafka (and forwarded if Kafka did not have it). */
    public void verified(int packetId) {
        unverified.remove(packetId);
    }

    /**
     * Before the message of {@code packetId} goes to Kafka with {@code receipt}'s token: for a session that
     * outlives its connection the id is kept in the store. The stage completes with false when another node
     * has begun the session meanwhile: the message must then not be forwarded from here.
     */
    public CompletionStage<Boolean> keep(int packetId, InboundQos2Store.Receipt receipt, long expirySeconds,
                                         long generation) {
        if (expirySeconds == 0) {
            return KEPT;
        }
        kept = true;
        return store.received(clientId, packetId, receipt, generation, expirySeconds);
    }

    /** PUBREL: PUBCOMP may go out once the returned stage completed (the id is gone from the store). */
    public CompletionStage<Void> release(int packetId) {
        unverified.remove(packetId);
        if (!kept) {
            return DONE;
        }
        return store.released(clientId, packetId);
    }

    /**
     * Before CONNACK on a node new to the session: a continued session ({@code present}) or a new persistent one
     * ({@code clear}, which forgets what an earlier session left) begins in the store with {@code generation} and
     * reads the ids kept. The stage completes on any thread; the ids are in {@link #ids()} once {@code execute}
     * ran the hand-over.
     */
    public CompletionStage<Void> begin(boolean present, boolean clear, long generation, long ttlSeconds,
                                       Consumer<Runnable> execute) {
        if (!present && !clear) {
            return DONE;
        }
        kept = true;
        unread = present;
        return store.begin(clientId, generation, clear, ttlSeconds).thenCompose(ids -> {
            CompletableFuture<Void> added = new CompletableFuture<>();
            execute.accept(() -> {
                awaiting.addAll(ids.keySet());
                unverified.putAll(ids);
                unread = false;
                added.complete(null);
            });
            if (!ids.isEmpty()) {
                log.debug("[{}] QoS 2 packet ids awaiting PUBREL restored: {}", clientId, ids.keySet());
            }
            return added;
        });
    }

    /** A session continued on this node whose ids could not be read at its last connect reads them now. */
    public CompletionStage<Void> resume(long generation, long ttlSeconds, Consumer<Runnable> execute) {
        return unread ? begin(true, false, generation, ttlSeconds, execute) : DONE;
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
        unverified.clear();
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
