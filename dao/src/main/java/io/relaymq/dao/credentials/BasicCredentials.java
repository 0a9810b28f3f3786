package io.relaymq.dao.credentials;

/**
 * The value of MQTT_BASIC credentials. At least one of client id and user name is set; the password is
 * a bcrypt hash, or null when any password (or none) is accepted.
 */
public record BasicCredentials(String clientId, String userName, String password, AuthRules authRules) {

    public BasicCredentials {
        authRules = authRules == null ? AuthRules.ALLOW_ALL : authRules;
    }

    /** The same credentials with another stored password (hash). */
    public BasicCredentials withPassword(String passwordHash) {
        return new BasicCredentials(clientId, userName, passwordHash, authRules);
    }
}
