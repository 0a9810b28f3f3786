package io.relaymq.broker.auth.provider;

import io.relaymq.dao.auth.AuthProviderRepository;
import io.relaymq.dao.auth.AuthProviderRow;
import io.relaymq.dao.auth.AuthProviderType;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The providers in the order they are asked (X.509, JWT, basic) and which of them are on, as stored in
 * PostgreSQL. Reloaded on every node when any node changes a provider, without restart.
 */
public final class AuthProviders {

    private static final Logger log = LoggerFactory.getLogger(AuthProviders.class);

    private final AuthProviderRepository repository;
    private final List<AuthProvider> ordered;
    private volatile Map<AuthProviderType, Boolean> enabled = Map.of();

    public AuthProviders(
            AuthProviderRepository repository, X509AuthProvider x509, JwtAuthProvider jwt, BasicAuthProvider basic) {
        this.repository = repository;
        this.ordered = List.of(x509, jwt, basic);
    }

    /** Reads every provider's switch and configuration again; a provider whose configuration is invalid stays off. */
    public synchronized void reload() {
        Map<AuthProviderType, Boolean> next = new EnumMap<>(AuthProviderType.class);
        for (AuthProviderRow row : repository.findAll()) {
            AuthProvider provider = provider(row.type());
            try {
                provider.configure(row.configuration());
                next.put(row.type(), row.enabled());
            } catch (IllegalArgumentException e) {
                log.error("auth provider {} left off: invalid configuration ({})", row.type(), e.getMessage());
                next.put(row.type(), false);
            }
        }
        enabled = next;
        log.info("auth providers enabled: {}", next);
    }

    /** The enabled providers in the order they are asked. */
    public List<AuthProvider> active() {
        Map<AuthProviderType, Boolean> current = enabled;
        return ordered.stream()
                .filter(p -> current.getOrDefault(p.type(), false))
                .toList();
    }

    public AuthProvider provider(AuthProviderType type) {
        return ordered.stream().filter(p -> p.type() == type).findFirst().orElseThrow();
    }
}
