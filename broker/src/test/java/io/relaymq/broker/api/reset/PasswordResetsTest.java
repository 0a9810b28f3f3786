package io.relaymq.broker.api.reset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import org.junit.jupiter.api.Test;

/**
 * A reset request does nothing on the caller's thread but queue itself: no lookup, no database, no mail
 * (the collaborators are absent here, so any use of them would fail), so its timing tells nothing.
 */
class PasswordResetsTest {

    @Test
    void aRequestIsOnlyQueuedOnTheCallersThread() {
        List<Runnable> queued = new ArrayList<>();
        PasswordResets resets = withoutCollaborators(queued::add);

        resets.request(" admin@example.com ");

        assertThat(queued).hasSize(1);
    }

    @Test
    void aRequestFindingTheQueueFullIsDropped() {
        PasswordResets resets = withoutCollaborators(task -> {
            throw new RejectedExecutionException("full");
        });

        assertThatCode(() -> resets.request("admin@example.com")).doesNotThrowAnyException();
    }

    private static PasswordResets withoutCollaborators(java.util.concurrent.Executor executor) {
        return new PasswordResets(
                null, null, null, null, null, new MailBudget(10), Duration.ofMinutes(1), Clock.systemUTC(), executor);
    }
}
