package io.relaymq.broker.auth.provider;

import io.relaymq.broker.auth.acl.AclRules;
import io.relaymq.broker.auth.acl.ClientGrant;
import io.relaymq.broker.auth.acl.PlaceholderValues;
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
    private final AtomicBoolean down = new AtomicBoolean();
    private volatile State state;

    /**
     * @param maxResponseBytes the largest answer read
     * @param executor         the HTTP client's threads; decisions complete on them
     */
    public HttpAuthProvider(int maxResponseBytes, Executor executor) {
        this.maxResponseBytes = maxResponseBytes;
        this.executor = executor;
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
            case DENY -> Optional.of(AuthOutcome.refused(answer.reject(), answer.reason()));
            case ALLOW -> {
                PlaceholderValues values = request.placeholderValues();
                yield Optional.of(AuthOutcome.granted(new ClientGrant(
                        answer.clientType(),
                        null,
                        null,
                        type().name(),
                        subject(request),
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

    /**
     * Who an admitted client is, for session ownership: {@code user:<user name>}, or without a user name
     * {@code client-id:<client id>}, so that clients the endpoint admitted without a user name are not one
     * principal able to resume each other's sessions. The prefixes keep the two apart (a user name cannot pose
     * as a client id).
     */
    private static String subject(AuthRequest request) {
        String username = request.username();
        return username == null || username.isEmpty() ? "client-id:" + request.clientId() : "user:" + username;
    }
}
