package io.relaymq.broker.api.settings;

/** TBMQ's {@code securitySettings}: the admin password policy. */
public record SecuritySettings(PasswordPolicy passwordPolicy) {

    /** These settings with the policy normalized; refuses settings without a policy or with a bad one. */
    public SecuritySettings normalized() {
        if (passwordPolicy == null) {
            throw new IllegalArgumentException("passwordPolicy is required");
        }
        return new SecuritySettings(passwordPolicy.normalized());
    }
}
