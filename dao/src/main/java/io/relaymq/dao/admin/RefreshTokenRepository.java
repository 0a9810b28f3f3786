package io.relaymq.dao.admin;

import io.relaymq.dao.jdbc.Jdbc;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import java.util.UUID;
import javax.sql.DataSource;

/**
 * Issued admin API refresh tokens ({@code admin_refresh_token}): each may be used once; a family is the
 * chain of tokens descended from one login.
 */
public final class RefreshTokenRepository {

    /** A stored refresh token. */
    public record RefreshTokenRow(
            UUID id, UUID familyId, UUID userId, String tokenHash, long expiresTime, boolean used, boolean revoked) {}

    private static final String COLUMNS = "id, family_id, user_id, token_hash, expires_time, used, revoked";

    private final Jdbc jdbc;

    public RefreshTokenRepository(DataSource dataSource) {
        this.jdbc = new Jdbc(dataSource);
    }

    public void insert(UUID id, UUID familyId, UUID userId, String tokenHash, long createdTime, long expiresTime) {
        jdbc.update(
                "INSERT INTO admin_refresh_token (id, family_id, user_id, token_hash, created_time, expires_time) "
                        + "VALUES (?, ?, ?, ?, ?, ?)",
                id,
                familyId,
                userId,
                tokenHash,
                createdTime,
                expiresTime);
    }

    /**
     * Marks the token used if it is unused, unrevoked, unexpired and has this hash, in one statement (of
     * two callers racing, one wins). Empty when it could not be used; {@link #find} tells why.
     */
    public Optional<RefreshTokenRow> use(UUID id, String tokenHash, long now) {
        return jdbc.queryOne(
                "UPDATE admin_refresh_token SET used = TRUE WHERE id = ? AND token_hash = ? AND NOT used "
                        + "AND NOT revoked AND expires_time > ? RETURNING " + COLUMNS,
                RefreshTokenRepository::map,
                id,
                tokenHash,
                now);
    }

    public Optional<RefreshTokenRow> find(UUID id) {
        return jdbc.queryOne(
                "SELECT " + COLUMNS + " FROM admin_refresh_token WHERE id = ?", RefreshTokenRepository::map, id);
    }

    public int revokeFamily(UUID familyId) {
        return jdbc.update("UPDATE admin_refresh_token SET revoked = TRUE WHERE family_id = ?", familyId);
    }

    public int revokeUser(UUID userId) {
        return jdbc.update("UPDATE admin_refresh_token SET revoked = TRUE WHERE user_id = ?", userId);
    }

    /** Removes tokens that expired at or before {@code now}. */
    public int purgeExpired(long now) {
        return jdbc.update("DELETE FROM admin_refresh_token WHERE expires_time <= ?", now);
    }

    private static RefreshTokenRow map(ResultSet row) throws SQLException {
        return new RefreshTokenRow(
                row.getObject("id", UUID.class),
                row.getObject("family_id", UUID.class),
                row.getObject("user_id", UUID.class),
                row.getString("token_hash"),
                row.getLong("expires_time"),
                row.getBoolean("used"),
                row.getBoolean("revoked"));
    }
}
