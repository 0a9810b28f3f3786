package io.relaymq.broker.cluster;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The in-flight count requests this node sent to other nodes and still waits for: at most {@code cap} at once,
 * each waited for at most {@code timeout}, after which it completes with null. An answer for a request id this
 * node does not wait for (unknown, or already timed out) is ignored.
 */
public final class PendingInFlightQueries {

    /** One open request: the id to send, and the count it completes with (null: no answer in time). */
    public record Request(String id, CompletableFuture<Integer> count) {}

    private final int cap;
    private final Duration timeout;
    private final Map<String, CompletableFuture<Integer>> waiting = new ConcurrentHashMap<>();
    private final AtomicInteger open = new AtomicInteger();

    public PendingInFlightQueries(int cap, Duration timeout) {
        if (cap < 1) {
            throw new IllegalArgumentException("the cap must be positive, was " + cap);
        }
        this.cap = cap;
        this.timeout = timeout;
    }

    /** A new request, or empty while {@code cap} requests are open already. */
    public Optional<Request> open() {
        if (open.incrementAndGet() > cap) {
            open.decrementAndGet();
            return Optional.empty();
        }
        String id = UUID.randomUUID().toString();
        CompletableFuture<Integer> count = new CompletableFuture<>();
        waiting.put(id, count);
        count.whenComplete((c, e) -> {
            if (waiting.remove(id) != null) {
                open.decrementAndGet();
            }
        });
        count.completeOnTimeout(null, timeout.toMillis(), TimeUnit.MILLISECONDS);
        return Optional.of(new Request(id, count));
    }

    /** Completes the request {@code requestId} with {@code count}; false when no such request is open. */
    public boolean answer(String requestId, Integer count) {
        CompletableFuture<Integer> request = waiting.get(requestId);
        return request != null && request.complete(count);
    }

    /** Requests open now. */
    public int outstanding() {
        return open.get();
    }
}
