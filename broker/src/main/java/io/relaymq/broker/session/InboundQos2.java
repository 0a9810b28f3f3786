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
    /**
     * Null until the session first looks at its ids ({@link #ids()}: its first PUBLISH of QoS 1 or 2, or a PUBREL),
     * or tracks one: an idle client, or one that publishes only at QoS 0, holds none of these collections.
     */
    private Ids tracked;
    /** The generation that began (or kept ids of) the session on this node. */
    private long generation;
    /** Whether the store may hold ids of this session (it wrote or read some). */
    private boolean kept;
    /** A continued session whose ids could not be read yet: its next connect on this node reads them. */
    private boolean unread;

    /** What the session tracks per packet id. */
    private static final class Ids {
        final Set<Integer> awaiting = new HashSet<>();
        final Map<Integer, InboundQos2Store.Receipt> unverified = new HashMap<>();
        final Map<Integer, CompletableFuture<Boolean>> deciding = new HashMap<>();
        /** The token this node wrote with each id it kept in the store for the session. */
        final Map<Integer, Long> keptTokens = new HashMap<>();
        /** Ids awaiting PUBREL from before the current connection that it has not sent PUBLISH with again. */
        final Set<Integer> carried = new HashSet<>();
    }

    InboundQos2(String clientId, InboundQos2Store store) {
        this.clientId = clientId;
        this.store = store;
    }

    private Ids tracked() {
        if (tracked == null) {
            tracked = new Ids();
        }
        return tracked;
    }

    /** The ids in this node's memory: the ones PUBLISH and PUBREL are checked against (the caller may add to it). */
    public Set<Integer> ids() {
        return tracked().awaiting;
    }

    /**
     * A connection begins: the ids awaiting PUBREL so far were received on an earlier one. The client's send quota
     * starts afresh with each connection (MQTT 5.0 §4.9): until it sends PUBLISH with one of them again, they do not
     * count against this connection's Receive Maximum (it owes PUBREL for them, not PUBLISH).
     */
    public void connectionBegins() {
        if (tracked != null) {
            tracked.carried.clear();
            tracked.carried.addAll(tracked.awaiting);
        }
    }

    /** Ids awaiting PUBREL that count against the Receive Maximum of the current connection. */
    public int inFlightOnThisConnection() {
        return tracked == null ? 0 : tracked.awaiting.size() - tracked.carried.size();
    }

    /** A PUBLISH with {@code packetId}, awaiting PUBREL, was sent again on the current connection. */
    public void sentAgain(int packetId) {
        if (tracked != null) {
            tracked.carried.remove(packetId);
        }
    }

    /** {@code packetId} no longer awaits PUBREL (released, or its PUBLISH failed). */
    public void removed(int packetId) {
        if (tracked != null) {
            tracked.awaiting.remove(packetId);
            tracked.keptTokens.remove(packetId);
            tracked.carried.remove(packetId);
        }
    }

    /**
     * The receipt of an id whose message Kafka may or may not have: read from the store (its first node went
     * away), or kept here before a Kafka write that failed; null for an id whose message is known to be stored.
     */
    public InboundQos2Store.Receipt unverified(int packetId) {
        return tracked == null ? null : tracked.unverified.get(packetId);
    }

    /** The outcome (stored or not) of a PUBLISH with {@code packetId} still on its way to Kafka; null if none. */
    public CompletableFuture<Boolean> deciding(int packetId) {
        return tracked == null ? null : tracked.deciding.get(packetId);
    }

    /** A PUBLISH with {@code packetId} is on its way to Kafka: a copy sent meanwhile waits for its outcome. */
    public CompletableFuture<Boolean> decide(int packetId) {
        CompletableFuture<Boolean> outcome = new CompletableFuture<>();
        tracked().deciding.put(packetId, outcome);
        return outcome;
    }

    /**
     * The PUBLISH with {@code packetId} reached its outcome: Kafka stored its message ({@code uncertain} null),
     * or a write whose fate is unknown left it {@code uncertain} (a copy sent again is checked against Kafka).
     */
    public void decided(int packetId, InboundQos2Store.Receipt uncertain) {
        Ids ids = tracked();
        ids.deciding.remove(packetId);
        if (uncertain == null) {
            ids.unverified.remove(packetId);
        } else {
            ids.unverified.put(packetId, uncertain);
        }
    }

    /** The PUBLISH with {@code packetId} was not forwarded: a copy sent again is a new message. */
    public void notForwarded(int packetId) {
        if (tracked != null) {
            tracked.deciding.remove(packetId);
            tracked.unverified.remove(packetId);
            removed(packetId);
        }
    }

    /**
     * Before the message of {@code packetId} goes to Kafka with {@code receipt}'s token: for a session that
     * outlives its connection the id is kept in the store. The stage completes with false when another node
     * has begun the session meanwhile: the message must then not be forwarded from here.
     */
    public CompletionStage<Boolean> keep(
            int packetId, InboundQos2Store.Receipt receipt, long expirySeconds, long generation) {
        if (expirySeconds == 0) {
            return KEPT;
        }
        kept = true;
        this.generation = Math.max(this.generation, generation);
        tracked().keptTokens.put(packetId, receipt.token());
        return store.received(clientId, packetId, receipt, generation, expirySeconds);
    }

    /** PUBREL: PUBCOMP may go out once the returned stage completed (the id is gone from the store). */
    public CompletionStage<Void> release(int packetId) {
        if (tracked != null) {
            tracked.unverified.remove(packetId);
        }
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
    public CompletionStage<Void> begin(
            boolean present, boolean clear, long generation, long ttlSeconds, Consumer<Runnable> execute) {
        if (!present && !clear) {
            return DONE;
        }
        kept = true;
        unread = present;
        this.generation = Math.max(this.generation, generation);
        return store.begin(clientId, generation, clear, ttlSeconds).thenCompose(ids -> {
            CompletableFuture<Void> added = new CompletableFuture<>();
            execute.accept(() -> {
                restore(ids);
                unread = false;
                added.complete(null);
            });
            if (!ids.isEmpty()) {
                log.debug("[{}] QoS 2 packet ids awaiting PUBREL restored: {}", clientId, ids.keySet());
            }
            return added;
        });
    }

    /**
     * The ids read from the store replace those in memory: another node may have run the session meanwhile (this
     * node's session object had not heard of it yet), releasing ids or keeping new ones. An id keeps its known
     * fate only when it still holds the token this node wrote and no write of it is in doubt; one still on its way
     * to Kafka stays.
     */
    private void restore(Map<Integer, InboundQos2Store.Receipt> ids) {
        if (ids.isEmpty() && tracked == null) {
            return; // nothing kept anywhere, nothing tracked here
        }
        Ids mine = tracked();
        mine.awaiting.clear();
        mine.awaiting.addAll(ids.keySet());
        mine.awaiting.addAll(mine.deciding.keySet());
        ids.forEach((id, receipt) -> {
            Long token = mine.keptTokens.get(id);
            if (token == null || token != receipt.token() || mine.unverified.containsKey(id)) {
                mine.unverified.put(id, receipt);
            }
        });
        mine.unverified.keySet().retainAll(mine.awaiting);
        mine.keptTokens.keySet().retainAll(mine.awaiting);
    }

    /**
     * A persistent session continues on this node, which still holds it: it begins again in the store (another node
     * may have run it since), fencing older generations and reading the ids anew.
     */
    public CompletionStage<Void> resume(long generation, long ttlSeconds, Consumer<Runnable> execute) {
        return kept || unread ? begin(true, false, generation, ttlSeconds, execute) : DONE;
    }

    /** The connection is gone and the session's expiry starts: what is kept lives as long as the session. */
    void expiring(long expirySeconds) {
        if (kept && expirySeconds > 0) {
            logFailure("renew the TTL of", store.keep(clientId, expirySeconds));
        }
    }

    /**
     * The session is over; {@code forGood} false: it continues on another node, which now owns the ids. Once the
     * Kafka writes still on their way from here have finished, the ids this node kept are settled, so that the
     * other node need not wait for them when a PUBLISH is sent again.
     */
    void ended(boolean forGood) {
        Ids ids = tracked;
        tracked = null;
        CompletableFuture<?>[] writing = ids == null
                ? new CompletableFuture<?>[0]
                : ids.deciding.values().toArray(CompletableFuture[]::new);
        Map<Integer, Long> tokens = ids == null ? Map.of() : Map.copyOf(ids.keptTokens);
        if (forGood && kept) {
            logFailure("remove", store.removeAll(clientId, generation));
        } else if (kept && !tokens.isEmpty()) {
            CompletableFuture.allOf(writing)
                    .handle((ok, error) -> null)
                    .thenCompose(done -> store.settle(clientId, tokens))
                    .whenComplete((ok, error) -> {
                        if (error != null) {
                            log.warn("[{}] could not settle the QoS 2 packet ids kept here", clientId, error);
                        }
                    });
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
