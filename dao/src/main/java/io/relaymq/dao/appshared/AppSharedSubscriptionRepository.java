package io.relaymq.dao.appshared;

import io.relaymq.dao.jdbc.Jdbc;
import io.relaymq.dao.jdbc.Like;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import javax.sql.DataSource;

/** The registry of APPLICATION shared subscription topics; a topic filter appears once. */
public final class AppSharedSubscriptionRepository {

    private static final String COLUMNS = "id, created_time, name, topic, partitions";

    private final Jdbc jdbc;

    public AppSharedSubscriptionRepository(DataSource dataSource) {
        this.jdbc = new Jdbc(dataSource);
    }

    public Optional<AppSharedSubscription> findById(UUID id) {
        return jdbc.queryOne(
                "SELECT " + COLUMNS + " FROM application_shared_subscription WHERE id = ?",
                AppSharedSubscriptionRepository::map,
                id);
    }

    public Optional<AppSharedSubscription> findByTopic(String topic) {
        return jdbc.queryOne(
                "SELECT " + COLUMNS + " FROM application_shared_subscription WHERE topic = ?",
                AppSharedSubscriptionRepository::map,
                topic);
    }

    /** Inserts; throws a duplicate-key error when the topic filter is registered already. */
    public void insert(AppSharedSubscription s) {
        jdbc.update(
                "INSERT INTO application_shared_subscription (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?)",
                s.id(),
                s.createdTime(),
                s.name(),
                s.topic(),
                s.partitions());
    }

    public boolean delete(UUID id) {
        return jdbc.update("DELETE FROM application_shared_subscription WHERE id = ?", id) > 0;
    }

    /** A page of entries whose name or topic filter contains {@code textSearch}. */
    public List<AppSharedSubscription> page(
            String textSearch, String sortColumn, boolean ascending, int limit, long offset) {
        String order = switch (sortColumn) {
            case "name", "topic", "partitions", "created_time" -> sortColumn;
            default -> throw new IllegalArgumentException("cannot sort shared subscriptions by " + sortColumn);
        };
        return jdbc.query(
                "SELECT " + COLUMNS + " FROM application_shared_subscription WHERE (name || ' ' || topic) "
                        + "ILIKE ? ORDER BY " + order + (ascending ? " ASC" : " DESC") + ", id LIMIT ? OFFSET ?",
                AppSharedSubscriptionRepository::map,
                Like.pattern(textSearch),
                limit,
                offset);
    }

    public long count(String textSearch) {
        return jdbc.queryOne(
                        "SELECT count(*) FROM application_shared_subscription WHERE (name || ' ' || topic) ILIKE ?",
                        row -> row.getLong(1),
                        Like.pattern(textSearch))
                .orElse(0L);
    }

    private static AppSharedSubscription map(ResultSet row) throws SQLException {
        return new AppSharedSubscription(
                row.getObject("id", UUID.class),
                row.getLong("created_time"),
                row.getString("name"),
                row.getString("topic"),
                row.getInt("partitions"));
    }
}
