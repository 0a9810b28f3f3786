package io.relaymq.broker.api.error;

/** The request conflicts with what exists (HTTP 409): a duplicate, or removing something still needed. */
public final class ApiConflictException extends RuntimeException {

    public ApiConflictException(String message) {
        super(message);
    }
}
