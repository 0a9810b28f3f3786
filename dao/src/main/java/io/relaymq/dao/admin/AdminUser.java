package io.relaymq.dao.admin;

import java.util.UUID;

/**
 * A user of the admin REST API ({@code admin_user}). Only the authority {@code SYS_ADMIN} exists.
 *
 * @param passwordHash bcrypt hash of the password; never leaves the server
 * @param tokenVersion raised by the database whenever the password changes; tokens of another version are refused
 */
public record AdminUser(
        UUID id,
        long createdTime,
        String email,
        String firstName,
        String lastName,
        String authority,
        String passwordHash,
        boolean enabled,
        long tokenVersion) {

    public static final String SYS_ADMIN = "SYS_ADMIN";

    public AdminUser withPasswordHash(String hash) {
        return new AdminUser(id, createdTime, email, firstName, lastName, authority, hash, enabled, tokenVersion);
    }
}
