package io.relaymq.broker.auth.provider;

import io.relaymq.dao.auth.AuthProviderType;
import io.relaymq.dao.credentials.CredentialsJson;
import java.util.Map;
import java.util.Optional;

/**
 * SCRAM as a provider: the switch that turns SCRAM-SHA-256/512 enhanced authentication on and off. It
 * never recognises a CONNECT without an Authentication Method (those go to the ordered providers); the
 * exchange itself is {@link ScramServer}'s. Its configuration has no settings: an empty JSON object.
 */
public final class ScramAuthProvider implements AuthProvider {

    @Override
    public AuthProviderType type() {
        return AuthProviderType.SCRAM;
    }

    @Override
    public void configure(String configurationJson) {
        if (configurationJson == null || configurationJson.isBlank()) {
            return;
        }
        if (!CredentialsJson.read(configurationJson, Map.class).isEmpty()) {
            throw new IllegalArgumentException("the SCRAM provider has no settings: its configuration is {}");
        }
    }

    @Override
    public Optional<AuthOutcome> authenticate(AuthRequest request) {
        return Optional.empty();
    }
}
