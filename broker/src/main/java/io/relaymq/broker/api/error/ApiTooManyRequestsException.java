package io.relaymq.broker.api.error;

import java.time.Duration;

/** Too many attempts (HTTP 429); the caller may try again after {@code retryAfter}. */
public final class ApiTooManyRequestsException extends RuntimeException {

    private final Duration retryAfter;

    public ApiTooManyRequestsException(String message, Duration retryAfter) {
        super(message);
        this.retryAfter = retryAfter;
    }

    public Duration retryAfter() {
        return retryAfter;
    }
}
