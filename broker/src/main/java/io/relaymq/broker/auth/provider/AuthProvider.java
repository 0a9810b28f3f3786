package io.relaymq.broker.auth.provider;

import io.relaymq.dao.auth.AuthProviderType;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/** One way of authenticating MQTT clients. Runs on an auth thread (it may query PostgreSQL or run bcrypt). */
public interface AuthProvider {

    AuthProviderType type();

    /** Applies this provider's configuration JSON; throws {@link IllegalArgumentException} when it is invalid. */
    void configure(String configurationJson);

    /** A grant or refusal, or empty when this provider does not recognise the client (the next one is asked). */
    Optional<AuthOutcome> authenticate(AuthRequest request);

    /**
     * The same decision, for providers whose check may finish on another thread (a password hash in its
     * lane); by default the synchronous one.
     */
    default CompletableFuture<Optional<AuthOutcome>> authenticateLater(AuthRequest request) {
        return CompletableFuture.completedFuture(authenticate(request));
    }
}
