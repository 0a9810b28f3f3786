package io.relaymq.broker.auth.provider;

import io.relaymq.broker.auth.acl.AclRules;
import io.relaymq.broker.auth.acl.ClientGrant;
import io.relaymq.broker.auth.acl.PlaceholderValues;
import io.relaymq.broker.auth.lanes.AuthBackoff;
import io.relaymq.broker.auth.lanes.HashLanes;
import io.relaymq.broker.mqtt.ConnectReject;
import io.relaymq.dao.auth.AuthProviderType;
import io.relaymq.dao.credentials.BasicCredentials;
import io.relaymq.dao.credentials.CredentialsJson;
import io.relaymq.dao.credentials.CredentialsType;
import io.relaymq.dao.credentials.MqttClientCredentials;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * MQTT_BASIC: credentials matched as the configured {@link BasicAuthStrategy} says (by default by client id
 * and user name together, by user name, or by client id, the most specific match winning), then the
 * password checked against its bcrypt hash. Credentials without
 * a password accept any password. Credentials backed off after too many wrong passwords are refused
 * without hashing ("connection rate exceeded"); a hash that finds no room is refused as "server busy".
 */
public final class BasicAuthProvider implements AuthProvider {

    private final CredentialsLookup lookup;
    private final PasswordChecker passwords;
    private final AuthBackoff backoff;
    private volatile BasicAuthStrategy strategy = BasicAuthStrategy.CLIENT_ID_AND_USERNAME;

    public BasicAuthProvider(CredentialsLookup lookup, PasswordChecker passwords, AuthBackoff backoff) {
        this.lookup = lookup;
        this.passwords = passwords;
        this.backoff = backoff;
    }

    @Override
    public AuthProviderType type() {
        return AuthProviderType.MQTT_BASIC;
    }

    @Override
    public void configure(String configurationJson) {
        strategy = BasicAuthStrategy.of(configurationJson);
    }

    @Override
    public Optional<AuthOutcome> authenticate(AuthRequest request) {
        return authenticateLater(request).join();
    }

    @Override
    public CompletableFuture<Optional<AuthOutcome>> authenticateLater(AuthRequest request) {
        List<String> candidates = strategy.candidates(request.clientId(), request.username());
        if (candidates.isEmpty()) {
            return CompletableFuture.completedFuture(Optional.empty());
        }
        Optional<MqttClientCredentials> match = lookup.find(candidates).stream()
                .filter(c -> c.credentialsType() == CredentialsType.MQTT_BASIC)
                .findFirst();
        if (match.isEmpty()) {
            return CompletableFuture.completedFuture(Optional.empty());
        }
        return check(request, match.get()).thenApply(Optional::of);
    }

    private CompletableFuture<AuthOutcome> check(AuthRequest request, MqttClientCredentials credentials) {
        BasicCredentials value = CredentialsJson.basic(credentials.credentialsValue());
        if (value.password() == null) {
            return CompletableFuture.completedFuture(granted(request, credentials, value));
        }
        if (!request.hasPassword()) {
            return CompletableFuture.completedFuture(AuthOutcome.refused(
                    ConnectReject.BAD_CREDENTIALS, "password required by '" + credentials.name() + "'"));
        }
        String id = credentials.credentialsId();
        String address = request.ipAddress();
        Duration wait = backoff.credentialsBackoff(id, address);
        if (!wait.isZero()) {
            return CompletableFuture.completedFuture(AuthOutcome.refused(
                    ConnectReject.CONNECTION_RATE_EXCEEDED,
                    "too many wrong passwords for '" + credentials.name() + "', backed off for " + wait.toSeconds()
                            + " s more"));
        }
        boolean first = !backoff.failedLately(address);
        return passwords
                .check(id, address, first, request.password(), value.password())
                .handle((matches, error) -> {
                    if (error != null) {
                        Throwable cause = error instanceof CompletionException && error.getCause() != null
                                ? error.getCause()
                                : error;
                        if (cause instanceof HashLanes.LanesFull full) {
                            return AuthOutcome.refused(ConnectReject.SERVER_BUSY, full.getMessage());
                        }
                        throw new CompletionException(cause);
                    }
                    if (matches) {
                        backoff.succeeded(address, id);
                        return granted(request, credentials, value);
                    }
                    backoff.failed(address, id, credentials.name());
                    return AuthOutcome.refused(
                            ConnectReject.BAD_CREDENTIALS, "wrong password for '" + credentials.name() + "'");
                });
    }

    private AuthOutcome granted(AuthRequest request, MqttClientCredentials credentials, BasicCredentials value) {
        PlaceholderValues values = request.placeholderValues();
        return AuthOutcome.granted(new ClientGrant(
                credentials.clientType(),
                credentials.credentialsId(),
                null,
                type().name(),
                null,
                values,
                rulesOf(value, values)));
    }

    /** The rules of basic credentials for one client (also used when they change under a connected client). */
    public static AclRules rulesOf(BasicCredentials value, PlaceholderValues values) {
        return AclRules.of(value.authRules(), values);
    }
}
