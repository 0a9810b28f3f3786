package io.relaymq.broker.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.relaymq.broker.auth.lanes.HashLanes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Finding 6: password hashes run in bounded lanes per client address, served in turn. */
class HashLanesTest {

    private final CountDownLatch release = new CountDownLatch(1);
    private HashLanes lanes;

    @AfterEach
    void close() {
        release.countDown();
        if (lanes != null) {
            lanes.close();
        }
    }

    /** Occupies the (single) hash thread until {@link #release} opens. */
    private CompletableFuture<String> blockTheThread() {
        CompletableFuture<Boolean> started = new CompletableFuture<>();
        CompletableFuture<String> blocker = lanes.submit("blocker", () -> {
            started.complete(true);
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return "blocker";
        });
        await().atMost(Duration.ofSeconds(5)).until(started::isDone);
        return blocker;
    }

    private static boolean refused(CompletableFuture<?> future) {
        if (!future.isCompletedExceptionally()) {
            return false;
        }
        Throwable[] cause = new Throwable[1];
        future.whenComplete((value, error) -> cause[0] = error);
        return cause[0] instanceof HashLanes.LanesFull;
    }

    @Test
    void oneAddressGetsAtMostItsLaneAndOthersStillFit() {
        lanes = new HashLanes(1, 100, 3);
        blockTheThread();

        List<CompletableFuture<String>> fromA = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            fromA.add(lanes.submit("10.0.0.1", () -> "a"));
        }
        CompletableFuture<String> fourthFromA = lanes.submit("10.0.0.1", () -> "a");
        CompletableFuture<String> fromB = lanes.submit("10.0.0.2", () -> "b");

        assertThat(refused(fourthFromA)).isTrue();
        assertThat(fromB.isCompletedExceptionally()).isFalse();
        release.countDown();
        assertThat(fromB.orTimeout(5, TimeUnit.SECONDS).join()).isEqualTo("b");
        fromA.forEach(f -> assertThat(f.orTimeout(5, TimeUnit.SECONDS).join()).isEqualTo("a"));
        assertThat(lanes.submit("10.0.0.1", () -> "again")
                        .orTimeout(5, TimeUnit.SECONDS)
                        .join())
                .as("the lane has room again once its hashes ran")
                .isEqualTo("again");
    }

    @Test
    void theQueueAsAWholeIsBounded() {
        lanes = new HashLanes(1, 4, 100);
        blockTheThread();
        for (int i = 0; i < 4; i++) {
            assertThat(refused(lanes.submit("10.0.0." + i, () -> "x"))).isFalse();
        }
        assertThat(refused(lanes.submit("10.0.0.9", () -> "x"))).isTrue();
        assertThat(lanes.queued()).isEqualTo(4);
    }

    @Test
    void addressesAreServedInTurnNotInArrivalOrder() {
        lanes = new HashLanes(1, 100, 10);
        blockTheThread();
        List<String> order = Collections.synchronizedList(new ArrayList<>());
        List<CompletableFuture<String>> all = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            String name = "flood-" + i;
            all.add(lanes.submit("10.0.0.1", () -> {
                order.add(name);
                return name;
            }));
        }
        all.add(lanes.submit("10.0.0.2", () -> {
            order.add("honest");
            return "honest";
        }));

        release.countDown();
        all.forEach(f -> f.orTimeout(5, TimeUnit.SECONDS).join());
        assertThat(order)
                .as("the honest address waits for one flood hash, not five")
                .containsExactly("flood-0", "honest", "flood-1", "flood-2", "flood-3", "flood-4");
    }

    @Test
    void aFailingHashFailsOnlyItsOwnCheck() {
        lanes = new HashLanes(1, 10, 10);
        CompletableFuture<String> failing = lanes.submit("10.0.0.1", () -> {
            throw new IllegalStateException("bad hash");
        });
        await().atMost(Duration.ofSeconds(5)).until(failing::isDone);
        assertThat(failing.isCompletedExceptionally()).isTrue();
        assertThat(lanes.submit("10.0.0.1", () -> "next")
                        .orTimeout(5, TimeUnit.SECONDS)
                        .join())
                .isEqualTo("next");
    }

    @Test
    void lanesOfAddressesWithoutRecentFailuresGoFirst() {
        lanes = new HashLanes(1, 100, 10);
        blockTheThread();
        List<String> order = Collections.synchronizedList(new ArrayList<>());
        List<CompletableFuture<String>> all = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            String name = "flood-" + i;
            all.add(lanes.submit("10.0.0." + (1 + i), false, () -> {
                order.add(name);
                return name;
            }));
        }
        all.add(lanes.submit("10.0.1.1", true, () -> {
            order.add("honest");
            return "honest";
        }));

        release.countDown();
        all.forEach(f -> f.orTimeout(5, TimeUnit.SECONDS).join());
        assertThat(order)
                .as("the honest address waits only for the hash running")
                .containsExactly("honest", "flood-0", "flood-1", "flood-2");
    }
}
