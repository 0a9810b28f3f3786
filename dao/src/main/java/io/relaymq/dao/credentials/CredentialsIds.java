package io.relaymq.dao.credentials;

import java.util.ArrayList;
import java.util.List;

/**
 * The lookup keys of credentials: {@code mixed|<user>|<clientId>} (both must match),
 * {@code username|<user>}, {@code client_id|<clientId>}, {@code ssl|<cn>} and
 * {@code ssl_regex|<pattern>}, and {@code scram|<user>} for SCRAM credentials. A connecting client is looked up with every key it could match at once.
 */
public final class CredentialsIds {

    private CredentialsIds() {}

    public static String basic(String clientId, String userName) {
        boolean hasClient = clientId != null && !clientId.isEmpty();
        boolean hasUser = userName != null && !userName.isEmpty();
        if (hasClient && hasUser) {
            return "mixed|" + userName + "|" + clientId;
        }
        if (hasUser) {
            return "username|" + userName;
        }
        if (hasClient) {
            return "client_id|" + clientId;
        }
        throw new IllegalArgumentException("basic credentials need a client id, a user name or both");
    }

    /** The keys a client with this id and user name may match, most specific first. */
    public static List<String> basicCandidates(String clientId, String userName) {
        List<String> ids = new ArrayList<>(3);
        boolean hasUser = userName != null && !userName.isEmpty();
        if (hasUser && clientId != null && !clientId.isEmpty()) {
            ids.add(basic(clientId, userName));
        }
        if (hasUser) {
            ids.add(basic(null, userName));
        }
        if (clientId != null && !clientId.isEmpty()) {
            ids.add(basic(clientId, null));
        }
        return ids;
    }

    public static String ssl(SslCredentials value) {
        return (value.certCnIsRegex() ? "ssl_regex|" : "ssl|") + value.certCnPattern();
    }

    public static String scram(String userName) {
        if (userName == null || userName.isEmpty()) {
            throw new IllegalArgumentException("SCRAM credentials need a user name");
        }
        return "scram|" + userName;
    }

    public static String sslExact(String cn) {
        return "ssl|" + cn;
    }
}
