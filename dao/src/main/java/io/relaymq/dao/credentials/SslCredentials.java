package io.relaymq.dao.credentials;

import java.util.Map;

/**
 * The value of X_509 credentials: a certificate common name (exact, or a regular expression when
 * {@code certCnIsRegex}) matched against the CNs of the client's validated chain, and rules chosen by
 * regular expressions over the client certificate's CN. In rule patterns {@code ${cn}} stands for that
 * CN (quoted).
 */
public record SslCredentials(String certCnPattern, boolean certCnIsRegex, Map<String, AuthRules> authRulesMapping) {

    public SslCredentials {
        authRulesMapping = authRulesMapping == null ? Map.of() : Map.copyOf(authRulesMapping);
    }
}
