package io.relaymq.broker.api.security;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relaymq.broker.api.ApiProperties;
import io.relaymq.broker.api.error.ApiTooManyRequestsException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class LoginThrottleTest {

    private final LoginThrottle throttle = new LoginThrottle(new ApiProperties.Login(3, Duration.ofMinutes(5)));

    @Test
    void locksAUserNameAfterTooManyFailuresWhateverItsCase() {
        for (int i = 0; i < 3; i++) {
            throttle.check("Alice", "10.0.0." + i);
            throttle.failed("Alice", "10.0.0." + i);
        }
        assertThatThrownBy(() -> throttle.check("alice", "10.0.0.9")).isInstanceOf(ApiTooManyRequestsException.class);
        assertThatCode(() -> throttle.check("bob", "10.0.0.9")).doesNotThrowAnyException();
    }

    @Test
    void locksAnAddressSprayingManyUserNames() {
        for (int i = 0; i < 3; i++) {
            throttle.failed("user" + i, "10.1.1.1");
        }
        assertThatThrownBy(() -> throttle.check("someone", "10.1.1.1")).isInstanceOf(ApiTooManyRequestsException.class);
        assertThatCode(() -> throttle.check("someone", "10.1.1.2")).doesNotThrowAnyException();
    }

    @Test
    void aSuccessClearsTheUserNamesCount() {
        throttle.failed("carol", "10.2.0.1");
        throttle.failed("carol", "10.2.0.2");
        throttle.succeeded("carol");
        throttle.failed("carol", "10.2.0.3");
        assertThatCode(() -> throttle.check("carol", "10.2.0.4")).doesNotThrowAnyException();
    }
}
