package io.relaymq.dao.admin;

import io.relaymq.dao.jdbc.Jdbc;
import io.relaymq.dao.jdbc.Like;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import javax.sql.DataSource;

/** Admin API users in PostgreSQL ({@code admin_user}); e-mail addresses are unique, compared without case. */
public final class AdminUserRepository {

    private static final String COLUMNS =
            "id, created_time, email, first_name, last_name, authority, password_hash, enabled";
    private static final String SELECTED = COLUMNS + ", token_version";
    /** In an upsert: the saved row ends the stored user's reset token (new password or e-mail, disabled). */
    private static final String ENDS_RESET_TOKEN = "(admin_user.password_hash <> EXCLUDED.password_hash "
            + "OR admin_user.email <> EXCLUDED.email OR NOT EXCLUDED.enabled)";

    private final Jdbc jdbc;

    public AdminUserRepository(DataSource dataSource) {
        this.jdbc = new Jdbc(dataSource);
    }

    public Optional<AdminUser> findById(UUID id) {
        return jdbc.queryOne("SELECT " + SELECTED + " FROM admin_user WHERE id = ?", AdminUserRepository::map, id);
    }

    public Optional<AdminUser> findByEmail(String email) {
        return jdbc.queryOne(
                "SELECT " + SELECTED + " FROM admin_user WHERE lower(email) = lower(?)",
                AdminUserRepository::map,
                email);
    }

    /**
     * Inserts, or replaces the row with the same id; a new password hash raises the row's token version (the
     * record's own version is ignored). A new password hash, a new e-mail or disabling the user drops the
     * user's password reset token, so a token mailed to an earlier address, or one outstanding while the
     * user was disabled, never works. Throws a duplicate-key error when the e-mail is taken.
     */
    public void save(AdminUser u) {
        jdbc.update(
                "INSERT INTO admin_user (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
                        + "ON CONFLICT (id) DO UPDATE SET email = EXCLUDED.email, first_name = EXCLUDED.first_name, "
                        + "last_name = EXCLUDED.last_name, authority = EXCLUDED.authority, "
                        + "password_hash = EXCLUDED.password_hash, enabled = EXCLUDED.enabled, "
                        + "token_version = admin_user.token_version "
                        + "+ CASE WHEN admin_user.password_hash <> EXCLUDED.password_hash THEN 1 ELSE 0 END, "
                        + "reset_token_hash = CASE WHEN " + ENDS_RESET_TOKEN + " THEN NULL "
                        + "ELSE admin_user.reset_token_hash END, "
                        + "reset_token_expires = CASE WHEN " + ENDS_RESET_TOKEN + " THEN NULL "
                        + "ELSE admin_user.reset_token_expires END",
                u.id(),
                u.createdTime(),
                u.email().toLowerCase(Locale.ROOT),
                u.firstName(),
                u.lastName(),
                u.authority(),
                u.passwordHash(),
                u.enabled());
    }

    /** Inserts {@code u} only while the table is empty; false when another node created the first user first. */
    public boolean insertFirst(AdminUser u) {
        return jdbc.update(
                        "INSERT INTO admin_user (" + COLUMNS + ") SELECT ?, ?, ?, ?, ?, ?, ?, ? "
                                + "WHERE NOT EXISTS (SELECT 1 FROM admin_user) ON CONFLICT DO NOTHING",
                        u.id(),
                        u.createdTime(),
                        u.email().toLowerCase(Locale.ROOT),
                        u.firstName(),
                        u.lastName(),
                        u.authority(),
                        u.passwordHash(),
                        u.enabled())
                > 0;
    }

    public boolean delete(UUID id) {
        return jdbc.update("DELETE FROM admin_user WHERE id = ?", id) > 0;
    }

    /** A page of users whose e-mail or name contains {@code textSearch}, ordered by a whitelisted column. */
    public List<AdminUser> page(String textSearch, String sortColumn, boolean ascending, int limit, long offset) {
        String order = switch (sortColumn) {
            case "email", "created_time", "first_name", "last_name" -> sortColumn;
            default -> throw new IllegalArgumentException("cannot sort admin users by " + sortColumn);
        };
        return jdbc.query(
                "SELECT " + SELECTED + " FROM admin_user WHERE " + SEARCH + " ORDER BY " + order
                        + (ascending ? " ASC" : " DESC") + ", id LIMIT ? OFFSET ?",
                AdminUserRepository::map,
                Like.pattern(textSearch),
                limit,
                offset);
    }

    public long count(String textSearch) {
        return jdbc.queryOne(
                        "SELECT count(*) FROM admin_user WHERE " + SEARCH,
                        row -> row.getLong(1),
                        Like.pattern(textSearch))
                .orElse(0L);
    }

    /** Enabled users other than {@code id}. */
    public long countEnabledOtherThan(UUID id) {
        return jdbc.queryOne("SELECT count(*) FROM admin_user WHERE enabled AND id <> ?", row -> row.getLong(1), id)
                .orElse(0L);
    }

    public long count() {
        return jdbc.queryOne("SELECT count(*) FROM admin_user", row -> row.getLong(1))
                .orElse(0L);
    }

    private static final String SEARCH =
            "(email || ' ' || coalesce(first_name, '') || ' ' || coalesce(last_name, '')) ILIKE ?";

    private static AdminUser map(ResultSet row) throws SQLException {
        return new AdminUser(
                row.getObject("id", UUID.class),
                row.getLong("created_time"),
                row.getString("email"),
                row.getString("first_name"),
                row.getString("last_name"),
                row.getString("authority"),
                row.getString("password_hash"),
                row.getBoolean("enabled"),
                row.getLong("token_version"));
    }
}
