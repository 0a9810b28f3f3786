package io.relaymq.broker.auth;

import io.relaymq.common.client.ClientType;
import io.relaymq.broker.auth.blocked.BlockedClient;
import io.relaymq.broker.auth.blocked.BlockedClients;
import io.relaymq.broker.auth.lanes.AuthBackoff;
import io.relaymq.broker.auth.provider.AuthProvider;
import io.relaymq.broker.auth.provider.AuthProviders;
import io.relaymq.broker.connect.ConnectReject;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides whether a CONNECT may proceed, off the network threads: blocked clients are refused first,
 * then a client certificate is validated again (certification path, revocation) and replaced by the
 * validated path, then the enabled providers are asked in order (X.509, JWT, basic) until one
 * recognises the client; a client none recognises is accepted only when anonymous access is on.
 * Refusals are recorded. An address backed off after too many wrong passwords is refused before any
 * work is queued; a full queue is refused as "server busy" (both are load shedding and not recorded one
 * by one).
 */
public final class Authenticator implements ClientAuthenticator {

    private static final Logger log = LoggerFactory.getLogger(Authenticator.class);

    private final AuthProviders providers;
    private final BlockedClients blocked;
    private final UnauthorizedClientLog unauthorized;
    private final boolean allowAnonymous;
    private final ExecutorService executor;
    private final LiveGrants grants;
    private final java.util.regex.Pattern anonymousApplications;
    private final ClientCertificateValidator certificates;
    private final AuthBackoff backoff;

    /** @param anonymousApplications client ids of anonymous clients that are APPLICATION clients; null: none */
    public Authenticator(AuthProviders providers, BlockedClients blocked, UnauthorizedClientLog unauthorized,
                         boolean allowAnonymous, java.util.regex.Pattern anonymousApplications, ExecutorService executor,
                         LiveGrants grants, ClientCertificateValidator certificates, AuthBackoff backoff) {
        this.certificates = certificates;
        this.backoff = backoff;
        this.anonymousApplications = anonymousApplications;
        this.grants = grants;
        this.providers = providers;
        this.blocked = blocked;
        this.unauthorized = unauthorized;
        this.allowAnonymous = allowAnonymous;
        this.executor = executor;
    }

    @Override
    public void track(LiveGrants.Live live) {
        grants.add(live);
    }

    @Override
    public void untrack(LiveGrants.Live live) {
        grants.remove(live);
    }

    @Override
    public CompletableFuture<AuthOutcome> authenticate(AuthRequest request) {
        Duration backedOff = backoff.addressBackoff(request.ipAddress());
        if (!backedOff.isZero()) {
            return CompletableFuture.completedFuture(AuthOutcome.refused(ConnectReject.CONNECTION_RATE_EXCEEDED,
                    "too many wrong passwords from this address, backed off for " + backedOff.toSeconds() + " s more"));
        }
        try {
            CompletableFuture<CompletableFuture<AuthOutcome>> queued = CompletableFuture.supplyAsync(() -> decide(request), executor);
            CompletableFuture<AuthOutcome> outcome = queued.thenCompose(decided -> decided);
            // called off (the connection closed): a check still waiting in the queue is skipped
            outcome.whenComplete((done, error) -> {
                if (error instanceof CancellationException) {
                    queued.cancel(false);
                }
            });
            return outcome;
        } catch (RejectedExecutionException rejected) {
            return CompletableFuture.completedFuture(executor.isShutdown()
                    ? AuthOutcome.refused(ConnectReject.SERVER_UNAVAILABLE, "shutting down")
                    : AuthOutcome.refused(ConnectReject.SERVER_BUSY, "authentication queue full"));
        }
    }

    private CompletableFuture<AuthOutcome> decide(AuthRequest request) {
        CompletableFuture<AuthOutcome> checked;
        try {
            checked = check(request);
        } catch (RuntimeException e) {
            checked = CompletableFuture.failedFuture(e);
        }
        return checked.handle((outcome, error) -> {
            if (error != null) {
                Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
                log.warn("[{}] could not check credentials", request.clientId(), cause);
                return AuthOutcome.refused(ConnectReject.SERVER_UNAVAILABLE, "credentials could not be checked");
            }
            if (!outcome.isGranted() && outcome.reject() != ConnectReject.SERVER_BUSY
                    && outcome.reject() != ConnectReject.CONNECTION_RATE_EXCEEDED) {
                unauthorized.record(request, outcome.reason());
            }
            return outcome;
        });
    }

    private CompletableFuture<AuthOutcome> check(AuthRequest presented) {
        Optional<BlockedClient> block = blocked.find(presented.clientId(), presented.username(), presented.ipAddress());
        if (block.isPresent()) {
            return CompletableFuture.completedFuture(
                    AuthOutcome.refused(ConnectReject.BANNED, "blocked (" + block.get().key() + ")"));
        }
        AuthRequest request = presented;
        if (!presented.certificates().isEmpty()) {
            CertificateCheck certificate = certificates.validate(presented.clientId(), presented.certificates());
            if (!certificate.isValid()) {
                return CompletableFuture.completedFuture(AuthOutcome.refused(certificate.reject(), certificate.reason()));
            }
            request = presented.withCertificates(certificate.path());
        }
        return ask(providers.active(), 0, request);
    }

    /** Asks the providers from {@code next} on, in order, until one recognises the client. */
    private CompletableFuture<AuthOutcome> ask(List<AuthProvider> active, int next, AuthRequest request) {
        if (next == active.size()) {
            return CompletableFuture.completedFuture(unrecognised(request));
        }
        return active.get(next).authenticateLater(request).thenCompose(outcome -> outcome.isPresent()
                ? CompletableFuture.completedFuture(outcome.get())
                : ask(active, next + 1, request));
    }

    private AuthOutcome unrecognised(AuthRequest request) {
        if (allowAnonymous) {
            boolean application = anonymousApplications != null && anonymousApplications.matcher(request.clientId()).matches();
            return AuthOutcome.granted(ClientGrant.anonymous(application ? ClientType.APPLICATION : ClientType.DEVICE));
        }
        return AuthOutcome.refused(ConnectReject.NOT_AUTHORIZED, "no credentials match and anonymous access is off");
    }
}
