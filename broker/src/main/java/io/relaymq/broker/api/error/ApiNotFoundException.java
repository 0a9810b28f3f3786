package io.relaymq.broker.api.error;

/** The resource a request names does not exist (HTTP 404). */
public final class ApiNotFoundException extends RuntimeException {

    public ApiNotFoundException(String message) {
        super(message);
    }
}
