package io.relaymq.broker.auth.provider;

import io.relaymq.broker.auth.AuthOutcome;
import io.relaymq.broker.auth.AuthRequest;
import io.relaymq.broker.auth.ClientGrant;
import io.relaymq.broker.auth.acl.AclRules;
import io.relaymq.broker.connect.ConnectReject;
import io.relaymq.dao.auth.AuthProviderType;
import io.relaymq.dao.credentials.BasicCredentials;
import io.relaymq.dao.credentials.CredentialsIds;
import io.relaymq.dao.credentials.CredentialsJson;
import io.relaymq.dao.credentials.CredentialsType;
import io.relaymq.dao.credentials.MqttClientCredentials;
import java.util.List;
import java.util.Optional;

/**
 * MQTT_BASIC: credentials matched by client id and user name together, by user name, or by client id
 * (the most specific match wins), then the password checked against its bcrypt hash. Credentials without
 * a password accept any password.
 */
public final class BasicAuthProvider implements AuthProvider {

    private final CredentialsLookup lookup;
    private final PasswordChecker passwords;

    public BasicAuthProvider(CredentialsLookup lookup, PasswordChecker passwords) {
        this.lookup = lookup;
        this.passwords = passwords;
    }

    @Override
    public AuthProviderType type() {
        return AuthProviderType.MQTT_BASIC;
    }

    @Override
    public void configure(String configurationJson) {
        // nothing to configure beyond the switch
    }

    @Override
    public Optional<AuthOutcome> authenticate(AuthRequest request) {
        List<String> candidates = CredentialsIds.basicCandidates(request.clientId(), request.username());
        if (candidates.isEmpty()) {
            return Optional.empty();
        }
        Optional<MqttClientCredentials> match = lookup.find(candidates).stream()
                .filter(c -> c.credentialsType() == CredentialsType.MQTT_BASIC)
                .findFirst();
        return match.map(credentials -> check(request, credentials));
    }

    private AuthOutcome check(AuthRequest request, MqttClientCredentials credentials) {
        BasicCredentials value = CredentialsJson.basic(credentials.credentialsValue());
        if (value.password() != null) {
            if (!request.hasPassword()) {
                return AuthOutcome.refused(ConnectReject.BAD_CREDENTIALS, "password required by '" + credentials.name() + "'");
            }
            if (!passwords.matches(credentials.credentialsId(), request.password(), value.password())) {
                return AuthOutcome.refused(ConnectReject.BAD_CREDENTIALS, "wrong password for '" + credentials.name() + "'");
            }
        }
        return AuthOutcome.granted(new ClientGrant(credentials.clientType(), credentials.credentialsId(), null,
                type().name(), rulesOf(value)));
    }

    /** The rules of basic credentials (also used when they change under a connected client). */
    public static AclRules rulesOf(BasicCredentials value) {
        return AclRules.of(value.authRules(), null);
    }
}
