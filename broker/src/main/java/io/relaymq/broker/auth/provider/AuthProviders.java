package io.relaymq.broker.auth.provider;

import io.relaymq.dao.auth.AuthProviderRepository;
import io.relaymq.dao.auth.AuthProviderRow;
import io.relaymq.dao.auth.AuthProviderType;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The providers in the order they are asked (configured; by default X.509, JWT, basic, HTTP) and which of
 * them are on, as stored in PostgreSQL. Reloaded on every node when any node changes a provider, without
 * restart. SCRAM is switched on and off like the others but is not in the order: a client picks it with
 * its CONNECT's Authentication Method.
 */
public final class AuthProviders {

    private static final Logger log = LoggerFactory.getLogger(AuthProviders.class);

    private final AuthProviderRepository repository;
    private final List<AuthProvider> all;
    private final List<AuthProvider> ordered;
    private volatile Map<AuthProviderType, Boolean> enabled = Map.of();

    /**
     * @param providers one provider of each type
     * @param order     every type that {@link AuthProviderType#isOrdered() is ordered} once, in the order the
     *                  providers are asked
     */
    public AuthProviders(
            AuthProviderRepository repository, List<AuthProvider> providers, List<AuthProviderType> order) {
        this.repository = repository;
        Set<AuthProviderType> orderedTypes = EnumSet.noneOf(AuthProviderType.class);
        for (AuthProviderType type : AuthProviderType.values()) {
            if (type.isOrdered()) {
                orderedTypes.add(type);
            }
        }
        if (!Set.copyOf(order).equals(orderedTypes) || order.size() != orderedTypes.size()) {
            throw new IllegalArgumentException(
                    "the provider order must name each of " + orderedTypes + " once: " + order);
        }
        for (AuthProviderType type : AuthProviderType.values()) {
            if (providers.stream().noneMatch(p -> p.type() == type)) {
                throw new IllegalArgumentException("no provider of type " + type);
            }
        }
        this.all = List.copyOf(providers);
        this.ordered = order.stream()
                .map(type -> providers.stream()
                        .filter(p -> p.type() == type)
                        .findFirst()
                        .orElseThrow(() -> new IllegalArgumentException("no provider of type " + type)))
                .toList();
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
        log.info(
                "auth providers enabled: {}, asked in the order {}",
                next,
                ordered.stream().map(AuthProvider::type).toList());
    }

    /** The enabled providers in the order they are asked. */
    public List<AuthProvider> active() {
        Map<AuthProviderType, Boolean> current = enabled;
        return ordered.stream()
                .filter(p -> current.getOrDefault(p.type(), false))
                .toList();
    }

    /** Whether the provider of {@code type} is switched on. */
    public boolean isEnabled(AuthProviderType type) {
        return enabled.getOrDefault(type, false);
    }

    public AuthProvider provider(AuthProviderType type) {
        return all.stream().filter(p -> p.type() == type).findFirst().orElseThrow();
    }
}
