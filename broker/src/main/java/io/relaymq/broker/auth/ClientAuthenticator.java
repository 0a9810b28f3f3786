package io.relaymq.broker.auth;

import io.relaymq.broker.auth.acl.ClientGrant;
import io.relaymq.broker.auth.provider.AuthOutcome;
import io.relaymq.broker.auth.provider.AuthRequest;
import io.relaymq.broker.mqtt.ConnectReject;
import java.util.concurrent.CompletableFuture;

/** What a CONNECT asks of authentication: a decision, and tracking of the connected client's grant. */
public interface ClientAuthenticator {

    /** Everyone is accepted as an anonymous DEVICE that may do anything (byte-level tests). */
    ClientAuthenticator ANONYMOUS =
            request -> CompletableFuture.completedFuture(AuthOutcome.granted(ClientGrant.anonymous()));

    /** The decision; cancelling the future (the connection closed) may skip work not yet started. */
    CompletableFuture<AuthOutcome> authenticate(AuthRequest request);

    /**
     * Starts the enhanced authentication a 5.0 CONNECT asks for with {@code method} and {@code data} (its
     * Authentication Method and Data); cancelling the future may skip work not yet started. By default no
     * method is supported.
     */
    default CompletableFuture<AuthStep> authenticateEnhanced(AuthRequest request, String method, byte[] data) {
        return CompletableFuture.completedFuture(AuthStep.done(AuthOutcome.refused(
                ConnectReject.BAD_AUTHENTICATION_METHOD, "enhanced authentication is not supported")));
    }

    /** The client is connected with this grant (so credential changes reach it). */
    default void track(LiveGrants.Live live) {}

    /** The client's connection closed. */
    default void untrack(LiveGrants.Live live) {}
}
