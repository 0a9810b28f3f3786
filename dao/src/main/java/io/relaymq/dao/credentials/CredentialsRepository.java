package io.relaymq.dao.credentials;

import io.relaymq.common.client.ClientType;
import io.relaymq.dao.jdbc.Jdbc;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import javax.sql.DataSource;

/** MQTT client credentials in PostgreSQL ({@code mqtt_client_credentials}). */
public final class CredentialsRepository {

    private static final String COLUMNS =
            "id, created_time, name, client_type, credentials_type, credentials_id, credentials_value, additional_info";

    private final Jdbc jdbc;

    public CredentialsRepository(DataSource dataSource) {
        this.jdbc = new Jdbc(dataSource);
    }

    public Optional<MqttClientCredentials> findById(UUID id) {
        return jdbc.queryOne(
                "SELECT " + COLUMNS + " FROM mqtt_client_credentials WHERE id = ?", CredentialsRepository::map, id);
    }

    public Optional<MqttClientCredentials> findByCredentialsId(String credentialsId) {
        return jdbc.queryOne(
                "SELECT " + COLUMNS + " FROM mqtt_client_credentials WHERE credentials_id = ?",
                CredentialsRepository::map,
                credentialsId);
    }

    /** The oldest credentials with this name (names are not unique). */
    public Optional<MqttClientCredentials> findByName(String name) {
        return jdbc.queryOne(
                "SELECT " + COLUMNS + " FROM mqtt_client_credentials WHERE name = ? ORDER BY created_time, id "
                        + "LIMIT 1",
                CredentialsRepository::map,
                name);
    }

    /** How many credentials there are of each client type. */
    public Map<ClientType, Long> countByClientType() {
        Map<ClientType, Long> counts = new EnumMap<>(ClientType.class);
        for (ClientType type : ClientType.values()) {
            counts.put(type, 0L);
        }
        jdbc.query(
                "SELECT client_type, count(*) FROM mqtt_client_credentials GROUP BY client_type",
                row -> counts.put(ClientType.valueOf(row.getString(1)), row.getLong(2)));
        return counts;
    }

    /** The credentials with any of these lookup keys. */
    public List<MqttClientCredentials> findByCredentialsIds(List<String> credentialsIds) {
        return jdbc.query(
                "SELECT " + COLUMNS + " FROM mqtt_client_credentials WHERE credentials_id = ANY (?)",
                CredentialsRepository::map,
                (Object) credentialsIds.toArray(String[]::new));
    }

    /** X.509 credentials whose CN is a regular expression (few; read whole and matched in memory). */
    public List<MqttClientCredentials> findSslRegex() {
        return jdbc.query(
                "SELECT " + COLUMNS + " FROM mqtt_client_credentials WHERE credentials_id LIKE 'ssl\\_regex|%'",
                CredentialsRepository::map);
    }

    /** Inserts, or replaces the row with the same id. Throws a duplicate-key error when the lookup key is taken. */
    public void save(MqttClientCredentials c) {
        jdbc.update(
                "INSERT INTO mqtt_client_credentials (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
                        + "ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, client_type = EXCLUDED.client_type, "
                        + "credentials_type = EXCLUDED.credentials_type, credentials_id = EXCLUDED.credentials_id, "
                        + "credentials_value = EXCLUDED.credentials_value, additional_info = EXCLUDED.additional_info",
                c.id(),
                c.createdTime(),
                c.name(),
                c.clientType(),
                c.credentialsType(),
                c.credentialsId(),
                c.credentialsValue(),
                c.additionalInfo());
    }

    public boolean delete(UUID id) {
        return jdbc.update("DELETE FROM mqtt_client_credentials WHERE id = ?", id) > 0;
    }

    /** A page of credentials ordered by {@code sortColumn} (one of name, created_time, client_type, credentials_type). */
    public List<MqttClientCredentials> page(
            String textSearch, String sortColumn, boolean ascending, int limit, long offset) {
        return page(CredentialsFilter.byName(textSearch), sortColumn, ascending, limit, offset);
    }

    /** A page of the credentials {@code filter} matches, ordered by {@code sortColumn} as above. */
    public List<MqttClientCredentials> page(
            CredentialsFilter filter, String sortColumn, boolean ascending, int limit, long offset) {
        String order = switch (sortColumn) {
            case "name", "created_time", "client_type", "credentials_type" -> sortColumn;
            default -> throw new IllegalArgumentException("cannot sort credentials by " + sortColumn);
        };
        List<Object> args = new ArrayList<>(filter.arguments());
        args.add(limit);
        args.add(offset);
        return jdbc.query(
                "SELECT " + COLUMNS + " FROM mqtt_client_credentials WHERE " + filter.where() + " ORDER BY " + order
                        + (ascending ? " ASC" : " DESC") + ", id LIMIT ? OFFSET ?",
                CredentialsRepository::map,
                args.toArray());
    }

    public long count(String textSearch) {
        return count(CredentialsFilter.byName(textSearch));
    }

    public long count(CredentialsFilter filter) {
        return jdbc.queryOne(
                        "SELECT count(*) FROM mqtt_client_credentials WHERE " + filter.where(),
                        row -> row.getLong(1),
                        filter.arguments().toArray())
                .orElse(0L);
    }

    private static MqttClientCredentials map(ResultSet row) throws SQLException {
        return new MqttClientCredentials(
                row.getObject("id", UUID.class),
                row.getLong("created_time"),
                row.getString("name"),
                ClientType.valueOf(row.getString("client_type")),
                CredentialsType.valueOf(row.getString("credentials_type")),
                row.getString("credentials_id"),
                row.getString("credentials_value"),
                row.getString("additional_info"));
    }
}
