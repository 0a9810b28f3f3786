package io.relaymq.broker.auth;

import io.relaymq.broker.auth.acl.ClientGrant;
import io.relaymq.broker.auth.blocked.BlockedClient;
import io.relaymq.broker.auth.blocked.BlockedClients;
import io.relaymq.broker.auth.lanes.AuthBackoff;
import io.relaymq.broker.auth.lanes.AuthQueue;
import io.relaymq.broker.auth.lanes.HashLanes;
import io.relaymq.broker.auth.provider.AuthOutcome;
import io.relaymq.broker.auth.provider.AuthProvider;
import io.relaymq.broker.auth.provider.AuthProviders;
import io.relaymq.broker.auth.provider.AuthRequest;
import io.relaymq.broker.mqtt.ConnectReject;
import io.relaymq.common.client.ClientType;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides whether a CONNECT may proceed, off the network threads: blocked clients are refused first,
 * then a client certificate is validated again (certification path, revocation) and replaced by the
 * validated path, then the enabled providers are asked in the configured order until one
 * recognises the client; a client none recognises is accepted only when anonymous access is on.
 * Refusals are recorded. An address backed off after too many wrong passwords, or whose password checks
 * fill its hash lane, is refused before any work is queued; a full queue is refused as "server busy" (all
 * load shedding, not recorded one by one, and answered only after a delay so that clients retrying at
 * once cannot make refusals a flood of their own).
 */
public final class Authenticator implements ClientAuthenticator {

    private static final Logger log = LoggerFactory.getLogger(Authenticator.class);

    private final AuthProviders providers;
    private final BlockedClients blocked;
    private final UnauthorizedClientLog unauthorized;
    private final boolean allowAnonymous;
    private final AuthQueue queue;
    private final HashLanes hashLanes;
    private final LiveGrants grants;
    private final Pattern anonymousApplications;
    private final ClientCertificateValidator certificates;
    private final AuthBackoff backoff;
    private final Duration refusalDelay;
    private final ScramAuthenticator scram;

    /**
     * @param anonymousApplications client ids of anonymous clients that are APPLICATION clients; null: none
     * @param queue                 the auth threads, addresses without recent wrong passwords first
     * @param hashLanes             the password-hash lanes: a CONNECT with a password from an address whose lane
     *                              is full is refused before its credentials are looked up
     * @param backoff               the wrong-password back-off per address and credentials
     * @param refusalDelay          how long a load-shedding refusal is held before it is answered (zero: not)
     * @param scram                 SCRAM enhanced authentication, for CONNECTs with an Authentication Method
     */
    public Authenticator(
            AuthProviders providers,
            BlockedClients blocked,
            UnauthorizedClientLog unauthorized,
            boolean allowAnonymous,
            Pattern anonymousApplications,
            AuthQueue queue,
            HashLanes hashLanes,
            LiveGrants grants,
            ClientCertificateValidator certificates,
            AuthBackoff backoff,
            Duration refusalDelay,
            ScramAuthenticator scram) {
        this.scram = scram;
        this.certificates = certificates;
        this.backoff = backoff;
        this.refusalDelay = refusalDelay;
        this.hashLanes = hashLanes;
        this.anonymousApplications = anonymousApplications;
        this.grants = grants;
        this.providers = providers;
        this.blocked = blocked;
        this.unauthorized = unauthorized;
        this.allowAnonymous = allowAnonymous;
        this.queue = queue;
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
    public CompletableFuture<AuthStep> authenticateEnhanced(AuthRequest request, String method, byte[] data) {
        return scram.start(request, method, data);
    }

    /**
     * Refusals that need no lookup come first, on the calling thread: an address backed off, a password
     * CONNECT from an address whose hash lane is full. The rest waits for an auth thread, behind the CONNECTs
     * of addresses without recent wrong passwords when its own address had some.
     */
    @Override
    public CompletableFuture<AuthOutcome> authenticate(AuthRequest request) {
        CompletableFuture<CompletableFuture<AuthOutcome>> queued = new CompletableFuture<>();
        CompletableFuture<AuthOutcome> outcome = held(firstOrQueued(request, queued));
        // called off (the connection closed): a check still waiting in the queue is skipped
        outcome.whenComplete((done, error) -> {
            if (error instanceof CancellationException) {
                queued.cancel(false);
            }
        });
        return outcome;
    }

    private CompletableFuture<AuthOutcome> firstOrQueued(
            AuthRequest request, CompletableFuture<CompletableFuture<AuthOutcome>> queued) {
        String address = request.ipAddress();
        Duration backedOff = backoff.addressBackoff(address);
        if (!backedOff.isZero()) {
            return CompletableFuture.completedFuture(AuthOutcome.refused(
                    ConnectReject.CONNECTION_RATE_EXCEEDED,
                    "too many wrong passwords from this address, backed off for " + backedOff.toSeconds() + " s more"));
        }
        if (request.hasPassword() && hashLanes.full(address)) {
            return CompletableFuture.completedFuture(
                    AuthOutcome.refused(ConnectReject.SERVER_BUSY, "password checks of this address queued full"));
        }
        boolean accepted = queue.offer(!backoff.failedLately(address), () -> {
            if (!queued.isDone()) { // else called off while waiting: the connection is gone
                queued.complete(decide(request));
            }
        });
        if (!accepted) {
            return CompletableFuture.completedFuture(
                    queue.isClosed()
                            ? AuthOutcome.refused(ConnectReject.SERVER_UNAVAILABLE, "shutting down")
                            : AuthOutcome.refused(ConnectReject.SERVER_BUSY, "authentication queue full"));
        }
        return queued.thenCompose(decided -> decided);
    }

    /** A load-shedding refusal (back-off, server busy) is answered only after {@link #refusalDelay}. */
    private CompletableFuture<AuthOutcome> held(CompletableFuture<AuthOutcome> outcome) {
        if (refusalDelay.isZero()) {
            return outcome;
        }
        return outcome.thenCompose(decided -> decided.isGranted() || !shed(decided.reject())
                ? CompletableFuture.completedFuture(decided)
                : CompletableFuture.supplyAsync(
                        () -> decided,
                        CompletableFuture.delayedExecutor(refusalDelay.toMillis(), TimeUnit.MILLISECONDS)));
    }

    private static boolean shed(ConnectReject reject) {
        return reject == ConnectReject.SERVER_BUSY || reject == ConnectReject.CONNECTION_RATE_EXCEEDED;
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
                Throwable cause =
                        error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
                log.warn("[{}] could not check credentials", request.clientId(), cause);
                return AuthOutcome.refused(ConnectReject.SERVER_UNAVAILABLE, "credentials could not be checked");
            }
            if (!outcome.isGranted() && !shed(outcome.reject())) {
                unauthorized.record(request, outcome.reason());
            }
            return outcome;
        });
    }

    private CompletableFuture<AuthOutcome> check(AuthRequest presented) {
        Optional<BlockedClient> block = blocked.find(presented.clientId(), presented.username(), presented.ipAddress());
        if (block.isPresent()) {
            return CompletableFuture.completedFuture(AuthOutcome.refused(
                    ConnectReject.BANNED, "blocked (" + block.get().key() + ")"));
        }
        AuthRequest request = presented;
        if (!presented.certificates().isEmpty()) {
            CertificateCheck certificate = certificates.validate(presented.clientId(), presented.certificates());
            if (!certificate.isValid()) {
                return CompletableFuture.completedFuture(
                        AuthOutcome.refused(certificate.reject(), certificate.reason()));
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
        return active.get(next)
                .authenticateLater(request)
                .thenCompose(outcome -> outcome.isPresent()
                        ? CompletableFuture.completedFuture(outcome.get())
                        : ask(active, next + 1, request));
    }

    private AuthOutcome unrecognised(AuthRequest request) {
        if (allowAnonymous) {
            boolean application = anonymousApplications != null
                    && anonymousApplications.matcher(request.clientId()).matches();
            return AuthOutcome.granted(ClientGrant.anonymous(application ? ClientType.APPLICATION : ClientType.DEVICE));
        }
        return AuthOutcome.refused(ConnectReject.NOT_AUTHORIZED, "no credentials match and anonymous access is off");
    }
}
