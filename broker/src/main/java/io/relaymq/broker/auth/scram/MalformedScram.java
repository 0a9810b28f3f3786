package io.relaymq.broker.auth.scram;

/** A SCRAM message that breaks the syntax of RFC 5802 section 7 or the broker's limits; the message says which. */
public final class MalformedScram extends IllegalArgumentException {

    public MalformedScram(String message) {
        super(message);
    }
}
