package io.relaymq.broker.auth;

import io.relaymq.broker.auth.provider.AuthOutcome;
import java.util.concurrent.CompletableFuture;

/**
 * One step of an enhanced authentication exchange (MQTT 5.0 section 4.12): either a challenge the client
 * must answer (sent as AUTH 0x18 with {@code challenge} as Authentication Data, its answer going to
 * {@code next}), or the end of the exchange ({@code outcome}, a grant or a refusal).
 */
public record AuthStep(byte[] challenge, Continuation next, AuthOutcome outcome) {

    /** Takes the Authentication Data of the client's next AUTH. */
    @FunctionalInterface
    public interface Continuation {
        CompletableFuture<AuthStep> answer(byte[] data);
    }

    public static AuthStep challenge(byte[] data, Continuation next) {
        return new AuthStep(data, next, null);
    }

    public static AuthStep done(AuthOutcome outcome) {
        return new AuthStep(null, null, outcome);
    }

    public boolean isDone() {
        return outcome != null;
    }
}
