package io.relaymq.dao.admin;

import io.relaymq.dao.jdbc.Jdbc;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import java.util.UUID;
import javax.sql.DataSource;

/**
 * Cluster-wide settings as JSON text by key ({@code admin_settings}). Every read goes to PostgreSQL, so a
 * value saved through one node is what every node reads next.
 */
public final class AdminSettingsRepository {

    private final Jdbc jdbc;

    public AdminSettingsRepository(DataSource dataSource) {
        this.jdbc = new Jdbc(dataSource);
    }

    public Optional<String> find(String key) {
        return jdbc.queryOne("SELECT json_value FROM admin_settings WHERE key = ?", row -> row.getString(1), key);
    }

    /** The whole row of {@code key}. */
    public Optional<AdminSettingsRow> findRow(String key) {
        return jdbc.queryOne(
                "SELECT id, created_time, key, json_value FROM admin_settings WHERE key = ?",
                AdminSettingsRepository::row,
                key);
    }

    /**
     * Stores {@code json} as the value of {@code key}: a new row (with a new id, created now) or the
     * existing row's new value (id and created time kept). Answers the row as stored.
     */
    public AdminSettingsRow save(String key, String json, long nowMillis) {
        return jdbc.queryOne(
                        "INSERT INTO admin_settings (key, created_time, json_value) VALUES (?, ?, ?)"
                                + " ON CONFLICT (key) DO UPDATE SET json_value = EXCLUDED.json_value"
                                + " RETURNING id, created_time, key, json_value",
                        AdminSettingsRepository::row,
                        key,
                        nowMillis,
                        json)
                .orElseThrow(() -> new IllegalStateException("setting " + key + " was not stored"));
    }

    /** Stores {@code json} unless the key has a value already, and returns the value that is stored now. */
    public String putIfAbsent(String key, String json, long nowMillis) {
        jdbc.update(
                "INSERT INTO admin_settings (key, created_time, json_value) VALUES (?, ?, ?) ON CONFLICT (key) DO NOTHING",
                key,
                nowMillis,
                json);
        return find(key).orElseThrow(() -> new IllegalStateException("setting " + key + " vanished"));
    }

    private static AdminSettingsRow row(ResultSet row) throws SQLException {
        return new AdminSettingsRow(row.getObject(1, UUID.class), row.getLong(2), row.getString(3), row.getString(4));
    }
}
