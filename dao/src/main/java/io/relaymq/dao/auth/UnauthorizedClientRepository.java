package io.relaymq.dao.auth;

import io.relaymq.dao.jdbc.Jdbc;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/** The log of refused connection attempts ({@code unauthorized_client}), one row per client id. */
public final class UnauthorizedClientRepository {

    private static final String COLUMNS = "client_id, ip_address, ts, username, password_provided, tls_used, reason";

    private final Jdbc jdbc;

    public UnauthorizedClientRepository(DataSource dataSource) {
        this.jdbc = new Jdbc(dataSource);
    }

    /** Inserts or replaces the rows of these client ids in one batch. */
    public void saveAll(List<UnauthorizedClient> clients) {
        jdbc.batch(
                "INSERT INTO unauthorized_client (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?) "
                        + "ON CONFLICT (client_id) DO UPDATE SET ip_address = EXCLUDED.ip_address, ts = EXCLUDED.ts, "
                        + "username = EXCLUDED.username, password_provided = EXCLUDED.password_provided, "
                        + "tls_used = EXCLUDED.tls_used, reason = EXCLUDED.reason",
                clients.stream()
                        .map(c -> new Object[] {
                            c.clientId(),
                            c.ipAddress(),
                            c.ts(),
                            c.username(),
                            c.passwordProvided(),
                            c.tlsUsed(),
                            c.reason()
                        })
                        .toList());
    }

    public Optional<UnauthorizedClient> find(String clientId) {
        return jdbc.queryOne(
                "SELECT " + COLUMNS + " FROM unauthorized_client WHERE client_id = ?",
                UnauthorizedClientRepository::map,
                clientId);
    }

    /** The newest entries first. */
    public List<UnauthorizedClient> latest(int limit, long offset) {
        return jdbc.query(
                "SELECT " + COLUMNS + " FROM unauthorized_client ORDER BY ts DESC, client_id LIMIT ? OFFSET ?",
                UnauthorizedClientRepository::map,
                limit,
                offset);
    }

    /** A page of entries whose client id, user name or address contains {@code textSearch}. */
    public List<UnauthorizedClient> page(
            String textSearch, String sortColumn, boolean ascending, int limit, long offset) {
        return page(UnauthorizedFilter.search(textSearch), sortColumn, ascending, limit, offset);
    }

    /** A page of the entries {@code filter} matches. */
    public List<UnauthorizedClient> page(
            UnauthorizedFilter filter, String sortColumn, boolean ascending, int limit, long offset) {
        String order = switch (sortColumn) {
            case "ts", "client_id", "username", "ip_address", "reason" -> sortColumn;
            default -> throw new IllegalArgumentException("cannot sort unauthorized clients by " + sortColumn);
        };
        List<Object> args = new ArrayList<>(filter.arguments());
        args.add(limit);
        args.add(offset);
        return jdbc.query(
                "SELECT " + COLUMNS + " FROM unauthorized_client WHERE " + filter.where() + " ORDER BY " + order
                        + (ascending ? " ASC" : " DESC") + ", client_id LIMIT ? OFFSET ?",
                UnauthorizedClientRepository::map,
                args.toArray());
    }

    public long count(String textSearch) {
        return count(UnauthorizedFilter.search(textSearch));
    }

    public long count(UnauthorizedFilter filter) {
        return jdbc.queryOne(
                        "SELECT count(*) FROM unauthorized_client WHERE " + filter.where(),
                        row -> row.getLong(1),
                        filter.arguments().toArray())
                .orElse(0L);
    }

    public int deleteAll() {
        return jdbc.update("DELETE FROM unauthorized_client");
    }

    public long count() {
        return jdbc.queryOne("SELECT count(*) FROM unauthorized_client", row -> row.getLong(1))
                .orElse(0L);
    }

    public boolean delete(String clientId) {
        return jdbc.update("DELETE FROM unauthorized_client WHERE client_id = ?", clientId) > 0;
    }

    /** Removes entries older than {@code cutoffMillis} and all but the newest {@code maxEntries}. */
    public int trim(long cutoffMillis, int maxEntries) {
        int expired = jdbc.update("DELETE FROM unauthorized_client WHERE ts < ?", cutoffMillis);
        int surplus = jdbc.update(
                "DELETE FROM unauthorized_client WHERE client_id IN (SELECT client_id FROM "
                        + "unauthorized_client ORDER BY ts DESC, client_id OFFSET ?)",
                maxEntries);
        return expired + surplus;
    }

    private static UnauthorizedClient map(ResultSet row) throws SQLException {
        return new UnauthorizedClient(
                row.getString("client_id"),
                row.getString("ip_address"),
                row.getLong("ts"),
                row.getString("username"),
                row.getBoolean("password_provided"),
                row.getBoolean("tls_used"),
                row.getString("reason"));
    }
}
