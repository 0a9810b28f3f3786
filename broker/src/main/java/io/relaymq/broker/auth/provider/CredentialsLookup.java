package io.relaymq.broker.auth.provider;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.relaymq.dao.credentials.CredentialsRepository;
import io.relaymq.dao.credentials.MqttClientCredentials;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Credentials by lookup key, cached for a short time (found and not found alike), so a reconnect storm
 * does not become a query storm. A change anywhere in the cluster invalidates the key on every node.
 */
public final class CredentialsLookup {

    private static final String REGEX_KEY = "ssl_regex";

    private final CredentialsRepository repository;
    private final Cache<String, Optional<MqttClientCredentials>> byId;
    private final Cache<String, List<MqttClientCredentials>> regex;

    public CredentialsLookup(CredentialsRepository repository, Duration ttl) {
        this.repository = repository;
        this.byId =
                Caffeine.newBuilder().expireAfterWrite(ttl).maximumSize(100_000).build();
        this.regex = Caffeine.newBuilder().expireAfterWrite(ttl).maximumSize(1).build();
    }

    /** The credentials found for {@code ids}, in the order of {@code ids}. */
    public List<MqttClientCredentials> find(List<String> ids) {
        Map<String, Optional<MqttClientCredentials>> known = new HashMap<>(byId.getAllPresent(ids));
        List<String> missing = ids.stream().filter(id -> !known.containsKey(id)).toList();
        if (!missing.isEmpty()) {
            Map<String, MqttClientCredentials> loaded = new HashMap<>();
            repository.findByCredentialsIds(missing).forEach(c -> loaded.put(c.credentialsId(), c));
            for (String id : missing) {
                Optional<MqttClientCredentials> value = Optional.ofNullable(loaded.get(id));
                byId.put(id, value);
                known.put(id, value);
            }
        }
        List<MqttClientCredentials> found = new ArrayList<>();
        ids.forEach(id -> known.get(id).ifPresent(found::add));
        return found;
    }

    /** X.509 credentials whose CN is a regular expression. */
    public List<MqttClientCredentials> sslRegex() {
        return regex.get(REGEX_KEY, k -> repository.findSslRegex());
    }

    /** Forgets {@code credentialsId} (and the regex list when it is a regex key). */
    public void invalidate(String credentialsId) {
        byId.invalidate(credentialsId);
        if (credentialsId.startsWith(REGEX_KEY + "|")) {
            regex.invalidateAll();
        }
    }
}
