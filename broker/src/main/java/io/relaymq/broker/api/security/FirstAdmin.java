package io.relaymq.broker.api.security;

import io.relaymq.broker.api.ApiProperties;
import io.relaymq.broker.api.admin.AdminUserService;
import java.security.SecureRandom;
import java.util.Base64;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.InitializingBean;

/**
 * Creates the first admin user when there is none: with the configured password, or with a random one
 * printed to the log once. There is no fixed default password. Nodes starting together create at most
 * one user (the insert only happens into an empty table).
 */
public final class FirstAdmin implements InitializingBean {

    private static final Logger log = LoggerFactory.getLogger(FirstAdmin.class);

    private final AdminUserService users;
    private final ApiProperties.FirstAdmin settings;

    public FirstAdmin(AdminUserService users, ApiProperties.FirstAdmin settings) {
        this.users = users;
        this.settings = settings;
    }

    @Override
    public void afterPropertiesSet() {
        boolean generated = settings.password() == null || settings.password().isEmpty();
        String password = generated ? randomPassword() : settings.password();
        if (!users.createFirst(settings.email(), password)) {
            return;
        }
        if (generated) {
            log.warn(
                    "Created the first admin user {} with the generated password {} - it is shown only this once; "
                            + "change it with POST /api/auth/changePassword",
                    settings.email(),
                    password);
        } else {
            log.info("Created the first admin user {} with the configured password", settings.email());
        }
    }

    private static String randomPassword() {
        byte[] bytes = new byte[18];
        new SecureRandom().nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
