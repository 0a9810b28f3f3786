package io.relaymq.broker.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.relaymq.broker.auth.lanes.HashLanes;
import io.relaymq.broker.auth.provider.PasswordChecker;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Finding 6 at the password checker: wrong passwords from four addresses fill their lanes, and an honest
 * client's bcrypt from a fifth address is done while most of the flood's hashes still wait (before, one
 * FIFO queue ran every flood hash first). Every flood hash beyond the lanes is refused at once.
 */
class PasswordFloodTest {

    private final HashLanes lanes = new HashLanes(1, 128, 8);
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final PasswordChecker checker = new PasswordChecker(Duration.ofMinutes(1), 1000, meters, lanes);

    private final CountDownLatch release = new CountDownLatch(1);

    @AfterEach
    void close() {
        release.countDown();
        lanes.close();
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void anHonestPasswordIsCheckedBeforeMostOfAFloodQueuedAheadOfIt() {
        String victimHash = PasswordChecker.hash("victim-secret");
        String honestHash = PasswordChecker.hash("honest-secret");
        // the (single) hash thread is held until the flood is queued, so no flood hash ends and frees
        // room in its lane while the flood is still arriving
        CompletableFuture<Boolean> started = new CompletableFuture<>();
        lanes.submit("holder", () -> {
            started.complete(true);
            try {
                return release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        });
        started.orTimeout(5, TimeUnit.SECONDS).join();
        List<CompletableFuture<Boolean>> flood = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            flood.add(checker.check(
                    "victim", "10.0.0." + (1 + i % 4), bytes(UUID.randomUUID().toString()), victimHash));
        }

        CompletableFuture<Boolean> honest = checker.check("honest", "10.0.1.1", bytes("honest-secret"), honestHash);
        long refused = flood.stream()
                .filter(CompletableFuture::isCompletedExceptionally)
                .count();
        release.countDown();

        assertThat(honest.orTimeout(60, TimeUnit.SECONDS).join()).isTrue();
        long stillWaiting = flood.stream().filter(f -> !f.isDone()).count();
        assertThat(refused)
                .as("beyond 8 per address the flood is refused at once")
                .isEqualTo(100 - 4 * 8);
        assertThat(stillWaiting)
                .as("the honest check did not wait for the flood's queue")
                .isGreaterThanOrEqualTo(4 * 8 - 6);
    }
}
