package io.relaymq.dao.admin;

import io.relaymq.dao.jdbc.Jdbc;
import java.util.Optional;
import javax.sql.DataSource;

/** Cluster-wide settings as JSON text by key ({@code admin_settings}). */
public final class AdminSettingsRepository {

    private final Jdbc jdbc;

    public AdminSettingsRepository(DataSource dataSource) {
        this.jdbc = new Jdbc(dataSource);
    }

    public Optional<String> find(String key) {
        return jdbc.queryOne("SELECT json_value FROM admin_settings WHERE key = ?", row -> row.getString(1), key);
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
}
