package io.relaymq.broker.auth;

import io.relaymq.broker.auth.acl.AclRules;
import io.relaymq.broker.auth.acl.ClientGrant;
import io.relaymq.broker.auth.acl.PlaceholderValues;
import io.relaymq.broker.auth.blocked.BlockedClient;
import io.relaymq.broker.auth.blocked.BlockedClients;
import io.relaymq.broker.auth.lanes.AuthBackoff;
import io.relaymq.broker.auth.lanes.AuthQueue;
import io.relaymq.broker.auth.provider.AuthOutcome;
import io.relaymq.broker.auth.provider.AuthProviders;
import io.relaymq.broker.auth.provider.AuthRequest;
import io.relaymq.broker.auth.provider.ScramChallenge;
import io.relaymq.broker.auth.provider.ScramServer;
import io.relaymq.broker.auth.scram.MalformedScram;
import io.relaymq.broker.auth.scram.ScramAlgorithm;
import io.relaymq.broker.mqtt.ConnectReject;
import io.relaymq.dao.auth.AuthProviderType;
import io.relaymq.dao.credentials.CredentialsJson;
import io.relaymq.dao.credentials.MqttClientCredentials;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * SCRAM-SHA-256 and SCRAM-SHA-512 enhanced authentication, in two steps on the auth threads: the
 * client-first-message gets the server-first-message, the client-final-message gets a grant (with the
 * server-final-message for CONNACK) or a refusal. An unknown method, or SCRAM switched off, is refused as
 * "bad authentication method" (0x8C). A wrong proof and an unknown user are refused alike as "bad user name
 * or password" (0x86) and count in the {@link AuthBackoff} like a wrong password; a malformed SCRAM message
 * is refused as "not authorized" (0x87). Blocked clients (by client id, SCRAM user name or address) are
 * refused as banned. Refusals other than load shedding are recorded.
 */
public final class ScramAuthenticator {

    private static final Logger log = LoggerFactory.getLogger(ScramAuthenticator.class);
    private static final int MAX_LOGGED_METHOD = 64;

    private final AuthProviders providers;
    private final ScramServer server;
    private final BlockedClients blocked;
    private final UnauthorizedClientLog unauthorized;
    private final AuthQueue queue;
    private final AuthBackoff backoff;
    private final Duration refusalDelay;

    /**
     * @param refusalDelay how long a load-shedding refusal (back-off, server busy) is held before it is
     *                     answered, as for every other CONNECT (zero: not)
     */
    public ScramAuthenticator(
            AuthProviders providers,
            ScramServer server,
            BlockedClients blocked,
            UnauthorizedClientLog unauthorized,
            AuthQueue queue,
            AuthBackoff backoff,
            Duration refusalDelay) {
        this.refusalDelay = refusalDelay;
        this.providers = providers;
        this.server = server;
        this.blocked = blocked;
        this.unauthorized = unauthorized;
        this.queue = queue;
        this.backoff = backoff;
    }

    /** The first step: {@code clientFirst} is the CONNECT's Authentication Data. */
    public CompletableFuture<AuthStep> start(AuthRequest request, String method, byte[] clientFirst) {
        Optional<ScramAlgorithm> algorithm = ScramAlgorithm.ofMechanism(method);
        if (algorithm.isEmpty() || !providers.isEnabled(AuthProviderType.SCRAM)) {
            String shown = method.length() > MAX_LOGGED_METHOD ? method.substring(0, MAX_LOGGED_METHOD) + "…" : method;
            return done(AuthOutcome.refused(
                    ConnectReject.BAD_AUTHENTICATION_METHOD, "authentication method '" + shown + "' is not supported"));
        }
        Duration backedOff = backoff.addressBackoff(request.ipAddress());
        if (!backedOff.isZero()) {
            return held(AuthOutcome.refused(
                    ConnectReject.CONNECTION_RATE_EXCEEDED,
                    "too many wrong passwords from this address, backed off for " + backedOff.toSeconds() + " s more"));
        }
        return onAuthThread(request, () -> first(request, algorithm.get(), clientFirst));
    }

    private AuthStep first(AuthRequest request, ScramAlgorithm algorithm, byte[] clientFirst) {
        ScramChallenge challenge;
        try {
            challenge = server.challenge(algorithm, clientFirst);
        } catch (MalformedScram e) {
            return refused(request, ConnectReject.NOT_AUTHORIZED, "SCRAM: " + e.getMessage());
        }
        Optional<BlockedClient> block = blocked.find(request.clientId(), challenge.user(), request.ipAddress());
        if (block.isPresent()) {
            return refused(
                    as(request, challenge),
                    ConnectReject.BANNED,
                    "blocked (" + block.get().key() + ")");
        }
        Duration wait = backoff.credentialsBackoff(challenge.credentialsId(), request.ipAddress());
        if (!wait.isZero()) {
            return AuthStep.done(AuthOutcome.refused(
                    ConnectReject.CONNECTION_RATE_EXCEEDED,
                    "too many wrong passwords for SCRAM user '" + challenge.user() + "', backed off for "
                            + wait.toSeconds() + " s more"));
        }
        return AuthStep.challenge(
                challenge.serverFirstBytes(),
                clientFinal -> onAuthThread(request, () -> last(request, challenge, clientFinal)));
    }

    private AuthStep last(AuthRequest request, ScramChallenge challenge, byte[] clientFinal) {
        Optional<byte[]> serverFinal;
        try {
            serverFinal = server.verify(challenge, clientFinal);
        } catch (MalformedScram e) {
            return refused(as(request, challenge), ConnectReject.NOT_AUTHORIZED, "SCRAM: " + e.getMessage());
        }
        String address = request.ipAddress();
        if (serverFinal.isEmpty()) {
            backoff.failed(address, challenge.credentialsId(), "scram:" + challenge.user());
            return refused(
                    as(request, challenge),
                    ConnectReject.BAD_CREDENTIALS,
                    "SCRAM proof wrong for user '" + challenge.user() + "'");
        }
        backoff.succeeded(address, challenge.credentialsId());
        return AuthStep.done(AuthOutcome.granted(grant(request, challenge), serverFinal.get()));
    }

    private static ClientGrant grant(AuthRequest request, ScramChallenge challenge) {
        MqttClientCredentials credentials = challenge.credentials();
        PlaceholderValues values = new PlaceholderValues(request.clientId(), challenge.user(), request.certificateCn());
        return new ClientGrant(
                credentials.clientType(),
                credentials.credentialsId(),
                null,
                AuthProviderType.SCRAM.name(),
                null,
                values,
                rulesOf(credentials, values));
    }

    /** The rules of SCRAM credentials for one client (also used when they change under a connected client). */
    public static AclRules rulesOf(MqttClientCredentials credentials, PlaceholderValues values) {
        return AclRules.of(CredentialsJson.scram(credentials.credentialsValue()).authRules(), values);
    }

    /** The request as the unauthorized-client log records it: with the SCRAM user name as its user name. */
    private static AuthRequest as(AuthRequest request, ScramChallenge challenge) {
        return new AuthRequest(
                request.clientId(),
                challenge.user(),
                null,
                request.ipAddress(),
                request.tls(),
                request.certificates(),
                request.protocolVersion());
    }

    private AuthStep refused(AuthRequest request, ConnectReject reject, String reason) {
        unauthorized.record(request, reason);
        return AuthStep.done(AuthOutcome.refused(reject, reason));
    }

    /** Runs {@code step} on an auth thread; a full queue is "server busy", an unexpected error "unavailable". */
    private CompletableFuture<AuthStep> onAuthThread(AuthRequest request, Supplier<AuthStep> step) {
        CompletableFuture<AuthStep> result = new CompletableFuture<>();
        boolean accepted = queue.offer(!backoff.failedLately(request.ipAddress()), () -> {
            if (result.isDone()) {
                return; // called off while waiting: the connection is gone
            }
            try {
                AuthStep decided = step.get();
                if (decided.isDone() && decided.outcome().reject() == ConnectReject.CONNECTION_RATE_EXCEEDED) {
                    held(decided.outcome()).thenAccept(result::complete);
                } else {
                    result.complete(decided);
                }
            } catch (RuntimeException e) {
                log.warn("[{}] SCRAM step failed", request.clientId(), e);
                result.complete(AuthStep.done(
                        AuthOutcome.refused(ConnectReject.SERVER_UNAVAILABLE, "credentials could not be checked")));
            }
        });
        if (!accepted) {
            return held(AuthOutcome.refused(
                    queue.isClosed() ? ConnectReject.SERVER_UNAVAILABLE : ConnectReject.SERVER_BUSY,
                    queue.isClosed() ? "shutting down" : "authentication queue full"));
        }
        return result;
    }

    private static CompletableFuture<AuthStep> done(AuthOutcome outcome) {
        return CompletableFuture.completedFuture(AuthStep.done(outcome));
    }

    /** A load-shedding refusal, answered only after {@link #refusalDelay}. */
    private CompletableFuture<AuthStep> held(AuthOutcome outcome) {
        if (refusalDelay.isZero()) {
            return done(outcome);
        }
        return CompletableFuture.supplyAsync(
                () -> AuthStep.done(outcome),
                CompletableFuture.delayedExecutor(refusalDelay.toMillis(), TimeUnit.MILLISECONDS));
    }
}
