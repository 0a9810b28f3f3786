package io.relaymq.broker.api.admin;

import io.relaymq.dao.admin.AdminUser;
import java.util.UUID;

/** An admin user as the API shows it (never its password hash). */
public record AdminUserView(
        UUID id, long createdTime, String email, String authority, String firstName, String lastName, boolean enabled) {

    public static AdminUserView of(AdminUser u) {
        return new AdminUserView(
                u.id(), u.createdTime(), u.email(), u.authority(), u.firstName(), u.lastName(), u.enabled());
    }
}
