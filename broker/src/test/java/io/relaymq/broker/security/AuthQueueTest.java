package io.relaymq.broker.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.relaymq.broker.auth.lanes.AuthQueue;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Finding 6: every CONNECT of a wrong-password flood still costs a credentials lookup on an auth thread;
 * CONNECTs from addresses without recent wrong passwords are served first, and the queue is bounded.
 */
class AuthQueueTest {

    private final CountDownLatch release = new CountDownLatch(1);
    private final AuthQueue queue = new AuthQueue(1, 4);

    @AfterEach
    void close() {
        release.countDown();
        queue.close();
    }

    /** Occupies the (single) auth thread until {@link #release} opens. */
    private void blockTheThread() {
        CountDownLatch started = new CountDownLatch(1);
        assertThat(queue.offer(false, () -> {
                    started.countDown();
                    try {
                        release.await(10, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }))
                .isTrue();
        await().atMost(Duration.ofSeconds(5)).until(() -> started.getCount() == 0);
    }

    @Test
    void checksOfAddressesWithoutRecentFailuresGoFirst() {
        blockTheThread();
        List<String> order = Collections.synchronizedList(new ArrayList<>());
        assertThat(queue.offer(false, () -> order.add("flood-0"))).isTrue();
        assertThat(queue.offer(false, () -> order.add("flood-1"))).isTrue();
        assertThat(queue.offer(true, () -> order.add("honest"))).isTrue();

        release.countDown();
        await().atMost(Duration.ofSeconds(5)).until(() -> order.size() == 3);
        assertThat(order).containsExactly("honest", "flood-0", "flood-1");
    }

    @Test
    void theQueueIsBoundedForBothLanesTogether() {
        blockTheThread();
        for (int i = 0; i < 4; i++) {
            assertThat(queue.offer(i % 2 == 0, () -> {})).isTrue();
        }
        assertThat(queue.offer(true, () -> {}))
                .as("full, even for the first lane")
                .isFalse();
        assertThat(queue.queued()).isEqualTo(4);
        queue.close();
        assertThat(queue.isClosed()).isTrue();
        assertThat(queue.offer(true, () -> {})).isFalse();
    }
}
