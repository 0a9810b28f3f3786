package io.relaymq.broker.auth;

import io.relaymq.broker.auth.acl.ClientGrant;
import io.relaymq.broker.auth.provider.AuthOutcome;
import io.relaymq.broker.auth.provider.AuthRequest;
import java.util.concurrent.CompletableFuture;

/** What a CONNECT asks of authentication: a decision, and tracking of the connected client's grant. */
public interface ClientAuthenticator {

    /** Everyone is accepted as an anonymous DEVICE that may do anything (byte-level tests). */
    ClientAuthenticator ANONYMOUS =
            request -> CompletableFuture.completedFuture(AuthOutcome.granted(ClientGrant.anonymous()));

    /** The decision; cancelling the future (the connection closed) may skip work not yet started. */
    CompletableFuture<AuthOutcome> authenticate(AuthRequest request);

    /** The client is connected with this grant (so credential changes reach it). */
    default void track(LiveGrants.Live live) {}

    /** The client's connection closed. */
    default void untrack(LiveGrants.Live live) {}
}
