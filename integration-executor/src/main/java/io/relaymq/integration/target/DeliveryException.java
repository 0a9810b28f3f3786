package io.relaymq.integration.target;

/**
 * A message could not be delivered. {@code retryable} says whether trying the same message again may succeed
 * (a timeout, a 5xx answer, a broken connection) or not (a 4xx answer, a message the target refuses for
 * what it is); the executor retries the first kind with back-off and sends the second kind to the dead letters
 * at once.
 */
public class DeliveryException extends Exception {

    private final boolean retryable;

    public DeliveryException(String message, boolean retryable) {
        super(message);
        this.retryable = retryable;
    }

    public DeliveryException(String message, boolean retryable, Throwable cause) {
        super(message, cause);
        this.retryable = retryable;
    }

    public boolean retryable() {
        return retryable;
    }
}
