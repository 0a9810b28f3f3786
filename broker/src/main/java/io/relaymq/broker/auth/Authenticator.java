package io.relaymq.broker.auth;

import io.relaymq.common.client.ClientType;
import io.relaymq.broker.auth.blocked.BlockedClient;
import io.relaymq.broker.auth.blocked.BlockedClients;
import io.relaymq.broker.auth.provider.AuthProvider;
import io.relaymq.broker.auth.provider.AuthProviders;
import io.relaymq.broker.connect.ConnectReject;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides whether a CONNECT may proceed, off the network threads: blocked clients are refused first,
 * then a client certificate is validated again (certification path, revocation) and replaced by the
 * validated path, then the enabled providers are asked in order (X.509, JWT, basic) until one
 * recognises the client; a client none recognises is accepted only when anonymous access is on.
 * Refusals are recorded.
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

    /** @param anonymousApplications client ids of anonymous clients that are APPLICATION clients; null: none */
    public Authenticator(AuthProviders providers, BlockedClients blocked, UnauthorizedClientLog unauthorized,
                         boolean allowAnonymous, java.util.regex.Pattern anonymousApplications, ExecutorService executor,
                         LiveGrants grants, ClientCertificateValidator certificates) {
        this.certificates = certificates;
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
        try {
            return CompletableFuture.supplyAsync(() -> decide(request), executor);
        } catch (RejectedExecutionException shuttingDown) {
            return CompletableFuture.completedFuture(AuthOutcome.refused(ConnectReject.SERVER_UNAVAILABLE, "shutting down"));
        }
    }

    private AuthOutcome decide(AuthRequest request) {
        AuthOutcome outcome;
        try {
            outcome = check(request);
        } catch (RuntimeException e) {
            log.warn("[{}] could not check credentials: {}", request.clientId(), e.getMessage());
            return AuthOutcome.refused(ConnectReject.SERVER_UNAVAILABLE, "credentials could not be checked");
        }
        if (!outcome.isGranted()) {
            unauthorized.record(request, outcome.reason());
        }
        return outcome;
    }

    private AuthOutcome check(AuthRequest presented) {
        Optional<BlockedClient> block = blocked.find(presented.clientId(), presented.username(), presented.ipAddress());
        if (block.isPresent()) {
            return AuthOutcome.refused(ConnectReject.BANNED, "blocked (" + block.get().key() + ")");
        }
        AuthRequest request = presented;
        if (!presented.certificates().isEmpty()) {
            CertificateCheck certificate = certificates.validate(presented.clientId(), presented.certificates());
            if (!certificate.isValid()) {
                return AuthOutcome.refused(certificate.reject(), certificate.reason());
            }
            request = presented.withCertificates(certificate.path());
        }
        for (AuthProvider provider : providers.active()) {
            Optional<AuthOutcome> outcome = provider.authenticate(request);
            if (outcome.isPresent()) {
                return outcome.get();
            }
        }
        if (allowAnonymous) {
            boolean application = anonymousApplications != null && anonymousApplications.matcher(request.clientId()).matches();
            return AuthOutcome.granted(ClientGrant.anonymous(application ? ClientType.APPLICATION : ClientType.DEVICE));
        }
        return AuthOutcome.refused(ConnectReject.NOT_AUTHORIZED, "no credentials match and anonymous access is off");
    }
}
