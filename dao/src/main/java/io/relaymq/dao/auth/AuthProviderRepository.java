package io.relaymq.dao.auth;

import io.relaymq.dao.jdbc.Jdbc;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/** The authentication providers' settings ({@code mqtt_auth_provider}); rows are created by the migrations. */
public final class AuthProviderRepository {

    private final Jdbc jdbc;

    public AuthProviderRepository(DataSource dataSource) {
        this.jdbc = new Jdbc(dataSource);
    }

    public List<AuthProviderRow> findAll() {
        return jdbc.query(
                "SELECT type, enabled, configuration::text AS configuration FROM mqtt_auth_provider ORDER BY type",
                row -> new AuthProviderRow(
                        AuthProviderType.valueOf(row.getString("type")),
                        row.getBoolean("enabled"),
                        row.getString("configuration")));
    }

    public Optional<AuthProviderRow> find(AuthProviderType type) {
        return findAll().stream().filter(row -> row.type() == type).findFirst();
    }

    public void setEnabled(AuthProviderType type, boolean enabled) {
        jdbc.update("UPDATE mqtt_auth_provider SET enabled = ? WHERE type = ?", enabled, type);
    }

    /** Replaces the configuration JSON (validated by the caller). */
    public void setConfiguration(AuthProviderType type, String configurationJson) {
        jdbc.update("UPDATE mqtt_auth_provider SET configuration = ?::jsonb WHERE type = ?", configurationJson, type);
    }
}
