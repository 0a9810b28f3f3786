package io.relaymq.broker.auth.provider;

import io.relaymq.broker.auth.acl.AclRules;
import io.relaymq.broker.auth.acl.ClientGrant;
import io.relaymq.broker.auth.acl.PlaceholderValues;
import io.relaymq.broker.mqtt.ConnectReject;
import io.relaymq.dao.auth.AuthProviderType;
import io.relaymq.dao.credentials.AuthRules;
import io.relaymq.dao.credentials.CredentialsIds;
import io.relaymq.dao.credentials.CredentialsJson;
import io.relaymq.dao.credentials.MqttClientCredentials;
import io.relaymq.dao.credentials.SslCredentials;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import javax.naming.InvalidNameException;
import javax.naming.ldap.LdapName;
import javax.naming.ldap.Rdn;

/**
 * X_509: the request's certificates are the validated certification path (client certificate, the
 * intermediates that signed it, the trust anchor's certificate), built by the {@code Authenticator} from the presented chain; certificates a client merely appended are
 * not in it. Here the path's common names (client certificate first, then its issuers) are matched to
 * credentials, exactly or by regular expression, and the rules are chosen by the client certificate's CN.
 */
public final class X509AuthProvider implements AuthProvider {

    /** The provider's JSON configuration. */
    public record Config(boolean skipValidityCheckForClientCert) {}

    private final CredentialsLookup lookup;
    private volatile Config config = new Config(false);

    public X509AuthProvider(CredentialsLookup lookup) {
        this.lookup = lookup;
    }

    @Override
    public AuthProviderType type() {
        return AuthProviderType.X_509;
    }

    @Override
    public void configure(String configurationJson) {
        config = CredentialsJson.read(configurationJson, Config.class);
    }

    /** Whether the TLS handshake ignores the validity dates of client certificates. */
    public boolean skipValidity() {
        return config.skipValidityCheckForClientCert();
    }

    @Override
    public Optional<AuthOutcome> authenticate(AuthRequest request) {
        if (request.certificates().isEmpty()) {
            return Optional.empty();
        }
        List<String> names = request.certificates().stream()
                .map(X509AuthProvider::commonName)
                .toList();
        return find(names).map(credentials -> grant(credentials, names.get(0), request.placeholderValues()));
    }

    private Optional<MqttClientCredentials> find(List<String> names) {
        List<MqttClientCredentials> exact = lookup.find(names.stream()
                .filter(n -> !n.isEmpty())
                .map(CredentialsIds::sslExact)
                .toList());
        if (!exact.isEmpty()) {
            return Optional.of(exact.get(0));
        }
        List<MqttClientCredentials> regex = lookup.sslRegex();
        for (String name : names) {
            for (MqttClientCredentials candidate : regex) {
                if (Pattern.matches(
                        CredentialsJson.ssl(candidate.credentialsValue()).certCnPattern(), name)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }

    private AuthOutcome grant(MqttClientCredentials credentials, String clientCn, PlaceholderValues values) {
        Optional<AclRules> rules = rulesOf(CredentialsJson.ssl(credentials.credentialsValue()), clientCn, values);
        if (rules.isEmpty()) {
            return AuthOutcome.refused(
                    ConnectReject.NOT_AUTHORIZED,
                    "no rules of '" + credentials.name() + "' match certificate CN '" + clientCn + "'");
        }
        return AuthOutcome.granted(new ClientGrant(
                credentials.clientType(),
                credentials.credentialsId(),
                clientCn,
                type().name(),
                null,
                values,
                rules.get()));
    }

    /**
     * The rules for a client certificate CN: every {@code authRulesMapping} entry whose key matches the CN
     * (all allowed when there is no mapping), empty when none matches; placeholders stand for {@code values}.
     */
    public static Optional<AclRules> rulesOf(SslCredentials value, String clientCn, PlaceholderValues values) {
        if (value.authRulesMapping().isEmpty()) {
            return Optional.of(AclRules.ALLOW_ALL);
        }
        AclRules combined = null;
        for (Map.Entry<String, AuthRules> entry : value.authRulesMapping().entrySet()) {
            if (Pattern.matches(entry.getKey(), clientCn)) {
                AclRules rules = AclRules.of(entry.getValue(), values);
                combined = combined == null ? rules : combined.or(rules);
            }
        }
        return Optional.ofNullable(combined);
    }

    /** The subject's CN, or "" when it has none. */
    public static String commonName(X509Certificate certificate) {
        try {
            for (Rdn rdn : new LdapName(certificate.getSubjectX500Principal().getName()).getRdns()) {
                if ("CN".equalsIgnoreCase(rdn.getType())) {
                    return String.valueOf(rdn.getValue());
                }
            }
            return "";
        } catch (InvalidNameException e) {
            return "";
        }
    }
}
