package io.relaymq.broker.api.security;

import org.springframework.security.core.AuthenticationException;

/** A token that is missing, malformed, forged, expired or of the wrong kind; the message says which. */
public final class BadTokenException extends AuthenticationException {

    public BadTokenException(String message) {
        super(message);
    }
}
