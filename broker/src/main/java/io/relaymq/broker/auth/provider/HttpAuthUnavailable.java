package io.relaymq.broker.auth.provider;

/**
 * The HTTP endpoint gave no usable answer: it could not be reached in time, answered an unexpected status, or
 * an answer that is too large or not of the documented shape. The message never holds a password or a header.
 */
public final class HttpAuthUnavailable extends RuntimeException {

    public HttpAuthUnavailable(String message) {
        super(message, null, false, false);
    }
}
