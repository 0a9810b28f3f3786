package io.relaymq.broker.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.broker.auth.lanes.AuthBackoff;
import io.relaymq.broker.auth.lanes.FailureBackoff;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Finding 6: the wrong-password back-off per address and per credentials that sits in front of bcrypt. */
class AuthBackoffTest {

    private final AtomicLong now = new AtomicLong(1_000_000_000L);

    private void advance(Duration by) {
        now.addAndGet(by.toNanos());
    }

    @Test
    void aKeyIsBackedOffFromTheThresholdOnDoublingUpToTheMaximum() {
        FailureBackoff backoff = new FailureBackoff(3, Duration.ofSeconds(5), now::get);

        assertThat(backoff.failed("a")).isZero();
        assertThat(backoff.failed("a")).isZero();
        assertThat(backoff.remaining("a")).isZero();
        assertThat(backoff.failed("a")).isEqualTo(Duration.ofSeconds(1));
        assertThat(backoff.remaining("a")).isEqualTo(Duration.ofSeconds(1));
        advance(Duration.ofMillis(400));
        assertThat(backoff.remaining("a")).isEqualTo(Duration.ofMillis(600));
        advance(Duration.ofMillis(600));
        assertThat(backoff.remaining("a")).isZero();

        assertThat(backoff.failed("a")).isEqualTo(Duration.ofSeconds(2));
        assertThat(backoff.failed("a")).isEqualTo(Duration.ofSeconds(4));
        assertThat(backoff.failed("a")).as("capped").isEqualTo(Duration.ofSeconds(5));
        assertThat(backoff.failed("a")).isEqualTo(Duration.ofSeconds(5));
        assertThat(backoff.remaining("b")).as("other keys are not affected").isZero();
    }

    @Test
    void failuresAreForgottenAfterTheMaximumWithoutOne() {
        FailureBackoff backoff = new FailureBackoff(2, Duration.ofSeconds(5), now::get);
        backoff.failed("a");
        advance(Duration.ofSeconds(6));

        assertThat(backoff.failed("a")).as("counting starts again").isZero();
        assertThat(backoff.failed("a")).isEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void aZeroThresholdNeverBacksOff() {
        FailureBackoff backoff = new FailureBackoff(0, Duration.ofSeconds(5), now::get);
        for (int i = 0; i < 100; i++) {
            assertThat(backoff.failed("a")).isZero();
        }
        assertThat(backoff.remaining("a")).isZero();
    }

    @Test
    void addressesAndCredentialsAreBackedOffSeparately() {
        AuthBackoff backoff = new AuthBackoff(3, 2, Duration.ofMinutes(5), now::get);

        backoff.failed("10.0.0.1", "cred-a", "a");
        backoff.failed("10.0.0.2", "cred-a", "a");
        assertThat(backoff.credentialsBackoff("cred-a", "10.0.0.3"))
                .as("guessed from two places")
                .isEqualTo(Duration.ofSeconds(1));
        assertThat(backoff.addressBackoff("10.0.0.1")).isZero();

        backoff.failed("10.0.0.1", "cred-b", "b");
        backoff.failed("10.0.0.1", "cred-c", "c");
        assertThat(backoff.addressBackoff("10.0.0.1"))
                .as("three wrong passwords from one address")
                .isEqualTo(Duration.ofSeconds(1));
        assertThat(backoff.addressBackoff("10.0.0.2")).isZero();
        assertThat(backoff.credentialsBackoff("cred-d", "10.0.0.2")).isZero();
    }

    @Test
    void strangersGuessingAUserDoNotLockOutTheAddressesItLoggedInFrom() {
        AuthBackoff backoff = new AuthBackoff(50, 2, Duration.ofMinutes(5), now::get);
        backoff.succeeded("192.0.2.10", "device");

        backoff.failed("198.51.100.1", "device", "device");
        backoff.failed("198.51.100.2", "device", "device");

        assertThat(backoff.credentialsBackoff("device", "198.51.100.3")).isEqualTo(Duration.ofSeconds(1));
        assertThat(backoff.credentialsBackoff("device", "192.0.2.10"))
                .as("its own address")
                .isZero();
        advance(Duration.ofMinutes(6));
        backoff.failed("198.51.100.1", "device", "device");
        backoff.failed("198.51.100.1", "device", "device");
        assertThat(backoff.credentialsBackoff("device", "192.0.2.10"))
                .as("remembered only for the maximum")
                .isEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void offNeverBacksOff() {
        for (int i = 0; i < 100; i++) {
            AuthBackoff.OFF.failed("10.0.0.1", "cred", "name");
        }
        assertThat(AuthBackoff.OFF.addressBackoff("10.0.0.1")).isZero();
        assertThat(AuthBackoff.OFF.credentialsBackoff("cred", "10.0.0.1")).isZero();
    }

    @Test
    void anAddressHasFailedLatelyFromItsFirstWrongPasswordUntilTheMaximumWithoutOne() {
        AuthBackoff backoff = new AuthBackoff(50, 5, Duration.ofSeconds(5), now::get);
        assertThat(backoff.failedLately("10.0.0.1")).isFalse();

        backoff.failed("10.0.0.1", "creds", "user");
        assertThat(backoff.failedLately("10.0.0.1"))
                .as("below the back-off threshold, but no longer first")
                .isTrue();
        assertThat(backoff.failedLately("10.0.0.2")).isFalse();
        advance(Duration.ofSeconds(6));
        assertThat(backoff.failedLately("10.0.0.1")).isFalse();
        assertThat(AuthBackoff.OFF.failedLately("10.0.0.1")).isFalse();
    }
}
