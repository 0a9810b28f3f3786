package io.relaymq.broker.auth.provider;

import io.relaymq.broker.auth.acl.AclRules;
import io.relaymq.broker.auth.acl.ClientGrant;
import io.relaymq.broker.auth.acl.PlaceholderValues;
import io.relaymq.broker.auth.lanes.AuthBackoff;
import io.relaymq.broker.mqtt.ConnectReject;
import io.relaymq.dao.auth.AuthProviderType;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * HTTP: an external endpoint decides (see {@link HttpAuthExchange} for the request and answer). The call
 * never blocks a thread: the decision completes on the HTTP client's threads. Answers are cached by request
 * ({@link HttpAuthCache}); checks under way at once are capped ("server busy" beyond). An endpoint that gives
 * no usable answer refuses the client with "server unavailable" ({@code failMode} CLOSED) or leaves it to the
 * next provider (OPEN); the first such failure is logged, and the recovery, not every client.
 */
public final class HttpAuthProvider implements AuthProvider {

    private static final Logger log = LoggerFactory.getLogger(HttpAuthProvider.class);

    private record State(
            String json, HttpAuthConfig config, HttpAuthClient client, HttpAuthCache cache, Semaphore slots) {}

    private final int maxResponseBytes;
    private final Executor executor;
    private final AuthBackoff backoff;
    private final AtomicBoolean down = new AtomicBoolean();
    private volatile State state;

    /**
     * @param maxResponseBytes the largest answer read
     * @param executor         the HTTP client's threads; decisions complete on them
     * @param backoff          refusals count as wrong passwords do: too many from an address, or for one user
     *                         name, hold further attempts back
     */
    public HttpAuthProvider(int maxResponseBytes, Executor executor, AuthBackoff backoff) {
        this.maxResponseBytes = maxResponseBytes;
        this.executor = executor;
        this.backoff = backoff;
    }

    @Override
    public AuthProviderType type() {
        return AuthProviderType.HTTP;
    }

    /** Applies a configuration; the same configuration again keeps the cached answers. */
    @Override
    public synchronized void configure(String configurationJson) {
        State current = state;
        if (current != null && Objects.equals(current.json(), configurationJson)) {
            return;
        }
        HttpAuthConfig config = HttpAuthConfig.parse(configurationJson);
        state = config == null
                ? null
                : new State(
                        configurationJson,
                        config,
                        new HttpAuthClient(config, maxResponseBytes, executor),
                        new HttpAuthCache(Duration.ofMillis(config.cacheTtlMs()), config.cacheMaxSize()),
                        new Semaphore(config.maxParallelRequests()));
    }

    @Override
    public Optional<AuthOutcome> authenticate(AuthRequest request) {
        return authenticateLater(request).join();
    }

    @Override
    public CompletableFuture<Optional<AuthOutcome>> authenticateLater(AuthRequest request) {
        State current = state;
        if (current == null) {
            return CompletableFuture.completedFuture(Optional.empty());
        }
        if (!HttpAuthExchange.passwordIsText(request)) {
            // it could only be sent altered; another provider may know the client
            return CompletableFuture.completedFuture(Optional.empty());
        }
        String attempt = attempt(request);
        Duration wait = backoff.credentialsBackoff(attempt, request.ipAddress());
        if (!wait.isZero()) {
            return CompletableFuture.completedFuture(Optional.of(AuthOutcome.refused(
                    ConnectReject.CONNECTION_RATE_EXCEEDED,
                    "too many refusals by the HTTP auth endpoint, backed off for " + wait.toSeconds() + " s more")));
        }
        byte[] body = HttpAuthExchange.requestBody(request);
        String key = current.cache().keyOf(body);
        Optional<HttpAuthAnswer> cached = current.cache().get(key);
        if (cached.isPresent()) {
            return CompletableFuture.completedFuture(outcome(request, cached.get()));
        }
        if (!current.slots().tryAcquire()) {
            return CompletableFuture.completedFuture(Optional.of(
                    AuthOutcome.refused(ConnectReject.SERVER_BUSY, "HTTP auth checks under way at their limit")));
        }
        return current.client()
                .ask(body)
                .whenComplete((answer, error) -> current.slots().release())
                .handle((answer, error) -> {
                    if (error == null) {
                        answered();
                        current.cache().put(key, answer);
                        return outcome(request, answer);
                    }
                    String why = failure(request.clientId(), error);
                    if (current.config().mode() == HttpAuthConfig.FailMode.OPEN) {
                        return Optional.empty();
                    }
                    return Optional.of(AuthOutcome.refused(ConnectReject.SERVER_UNAVAILABLE, why));
                });
    }

    /**
     * Asks the endpoint of {@code config} about {@code sample} (its client certificate CN given as {@code
     * certificateCn}) once, past the cache and the parallel cap: the admin API's check of an endpoint.
     * Completes with the answer or fails with {@link HttpAuthUnavailable}.
     */
    public CompletableFuture<HttpAuthAnswer> check(HttpAuthConfig config, AuthRequest sample, String certificateCn) {
        return new HttpAuthClient(config, maxResponseBytes, executor)
                .ask(HttpAuthExchange.requestBody(sample, certificateCn));
    }

    private Optional<AuthOutcome> outcome(AuthRequest request, HttpAuthAnswer answer) {
        return switch (answer.result()) {
            case IGNORE -> Optional.empty();
            case DENY -> {
                String attempt = attempt(request);
                backoff.failed(request.ipAddress(), attempt, "HTTP " + attempt);
                yield Optional.of(AuthOutcome.refused(answer.reject(), answer.reason()));
            }
            case ALLOW -> {
                backoff.succeeded(request.ipAddress(), attempt(request));
                PlaceholderValues values = request.placeholderValues();
                yield Optional.of(AuthOutcome.granted(new ClientGrant(
                        answer.clientType(),
                        null,
                        null,
                        type().name(),
                        subject(request, answer),
                        values,
                        AclRules.of(answer.rules(), values))));
            }
        };
    }

    private void answered() {
        if (down.compareAndSet(true, false)) {
            log.info("HTTP auth endpoint answers again");
        }
    }

    /** Logs the first failure of a run of them (an unexpected one always, with its stack trace). */
    private String failure(String clientId, Throwable error) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        if (!(cause instanceof HttpAuthUnavailable)) {
            log.warn("[{}] HTTP auth check failed unexpectedly", clientId, cause);
            return "HTTP auth check failed";
        }
        if (down.compareAndSet(false, true)) {
            log.warn(
                    "[{}] {}; until it answers, clients it is asked about are {}",
                    clientId,
                    cause.getMessage(),
                    state != null && state.config().mode() == HttpAuthConfig.FailMode.OPEN
                            ? "left to the next provider"
                            : "refused as server unavailable");
        }
        return cause.getMessage();
    }

    /** What the back-off counts refusals against: the user name, or the client id without one. */
    private static String attempt(AuthRequest request) {
        String username = request.username();
        return username == null || username.isEmpty() ? "http-client:" + request.clientId() : "http-user:" + username;
    }

    /**
     * Who an admitted client is, for session ownership: the {@code principal} of the answer, else its user name,
     * else its certificate's CN; prefixed by kind so that none can pose as another. With none of them, every
     * such client is the one principal {@code HTTP:} (as anonymous clients are): the endpoint should then name a
     * principal, or one such client can resume another's session.
     */
    private static String subject(AuthRequest request, HttpAuthAnswer answer) {
        if (answer.principal() != null) {
            return "principal:" + answer.principal();
        }
        String username = request.username();
        if (username != null && !username.isEmpty()) {
            return "user:" + username;
        }
        String cn = request.certificateCn();
        return cn == null || cn.isEmpty() ? null : "cn:" + cn;
    }
}
