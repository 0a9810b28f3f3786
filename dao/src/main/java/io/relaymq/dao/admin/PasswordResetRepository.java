package io.relaymq.dao.admin;

import io.relaymq.dao.jdbc.Jdbc;
import java.util.Optional;
import java.util.UUID;
import javax.sql.DataSource;

/**
 * The password reset tokens of admin users, kept on {@code admin_user}: at most one per user, stored as
 * its hash with an expiry. Every statement decides in PostgreSQL, so all nodes see one state and two
 * callers racing for the same token or the same user's mail cannot both win.
 */
public final class PasswordResetRepository {

    /** The enabled user an unexpired token hash belongs to. */
    public record ResetTokenOwner(UUID userId, String passwordHash, long expiresTime) {}

    private final Jdbc jdbc;

    public PasswordResetRepository(DataSource dataSource) {
        this.jdbc = new Jdbc(dataSource);
    }

    /**
     * Stores a new token for the enabled user {@code userId} (replacing its earlier one) unless the user's
     * last token was claimed after {@code claimedBefore}: false then, or when the user is gone or disabled.
     */
    public boolean claim(UUID userId, String tokenHash, long expiresTime, long now, long claimedBefore) {
        return jdbc.update(
                        "UPDATE admin_user SET reset_token_hash = ?, reset_token_expires = ?, "
                                + "reset_requested_time = ? WHERE id = ? AND enabled "
                                + "AND (reset_requested_time IS NULL OR reset_requested_time <= ?)",
                        tokenHash,
                        expiresTime,
                        now,
                        userId,
                        claimedBefore)
                > 0;
    }

    /** The enabled user holding this token hash, if the token expires after {@code now}. */
    public Optional<ResetTokenOwner> findValid(String tokenHash, long now) {
        return jdbc.queryOne(
                "SELECT id, password_hash, reset_token_expires FROM admin_user "
                        + "WHERE reset_token_hash = ? AND reset_token_expires > ? AND enabled",
                row -> new ResetTokenOwner(
                        row.getObject("id", UUID.class),
                        row.getString("password_hash"),
                        row.getLong("reset_token_expires")),
                tokenHash,
                now);
    }

    /**
     * Sets the password of the token's user and uses the token up, if it still is the user's valid token:
     * false when another request used it first or it expired meanwhile. Raises the token version, so the
     * user's earlier access tokens end.
     */
    public boolean resetPassword(UUID userId, String tokenHash, String passwordHash, long now) {
        return jdbc.update(
                        "UPDATE admin_user SET password_hash = ?, token_version = token_version + 1, "
                                + "reset_token_hash = NULL, reset_token_expires = NULL "
                                + "WHERE id = ? AND reset_token_hash = ? AND reset_token_expires > ? AND enabled",
                        passwordHash,
                        userId,
                        tokenHash,
                        now)
                > 0;
    }
}
