package io.relaymq.broker.auth;

import io.relaymq.broker.auth.provider.BasicAuthStrategy;
import io.relaymq.broker.auth.provider.HttpAuthConfig;
import io.relaymq.broker.auth.provider.JwtAuthProvider;
import io.relaymq.broker.auth.provider.ScramAuthProvider;
import io.relaymq.broker.auth.provider.X509AuthProvider;
import io.relaymq.dao.auth.AuthProviderRepository;
import io.relaymq.dao.auth.AuthProviderRow;
import io.relaymq.dao.auth.AuthProviderType;
import io.relaymq.dao.credentials.CredentialsJson;
import java.util.List;

/**
 * Turns authentication providers on and off and changes their configuration, for every node at once
 * and without restart. Used by the admin API.
 */
public final class AuthProviderService {

    private final AuthProviderRepository repository;
    private final AuthChanges changes;

    public AuthProviderService(AuthProviderRepository repository, AuthChanges changes) {
        this.repository = repository;
        this.changes = changes;
    }

    public List<AuthProviderRow> list() {
        return repository.findAll();
    }

    /** Throws {@link IllegalArgumentException} when HTTP is switched on without an endpoint configured. */
    public void setEnabled(AuthProviderType type, boolean enabled) {
        if (enabled && type == AuthProviderType.HTTP) {
            String stored =
                    repository.find(type).map(AuthProviderRow::configuration).orElse(null);
            if (HttpAuthConfig.parse(stored) == null) {
                throw new IllegalArgumentException("configure the HTTP provider's restEndpointUrl before enabling it");
            }
        }
        repository.setEnabled(type, enabled);
        changes.providersChanged();
    }

    /** Validates and stores a provider's configuration; throws {@link IllegalArgumentException} when invalid. */
    public void configure(AuthProviderType type, String configurationJson) {
        switch (type) {
            case JWT -> new JwtAuthProvider().configure(configurationJson);
            case X_509 -> CredentialsJson.read(configurationJson, X509AuthProvider.Config.class);
            case MQTT_BASIC -> BasicAuthStrategy.of(configurationJson);
            case SCRAM -> new ScramAuthProvider().configure(configurationJson);
            case HTTP -> {
                // an enabled provider without an endpoint would ignore every client: refuse, as enabling one does
                if (HttpAuthConfig.parse(configurationJson) == null
                        && repository.find(type).map(AuthProviderRow::enabled).orElse(false)) {
                    throw new IllegalArgumentException(
                            "the enabled HTTP provider needs a restEndpointUrl; disable it first to clear it");
                }
            }
        }
        repository.setConfiguration(type, configurationJson);
        changes.providersChanged();
    }
}
