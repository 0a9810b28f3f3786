package io.relaymq.dao.admin;

import io.relaymq.dao.jdbc.Jdbc;
import javax.sql.DataSource;

/**
 * Failed admin logins counted cluster-wide ({@code admin_login_failure}), one counter per key. Every
 * change is a single statement, so nodes counting the same key at once never lose a count.
 */
public final class LoginFailureRepository {

    private static final String COUNT = """
            INSERT INTO admin_login_failure AS f (address, user_name, failures, last_failure_time) VALUES (?, ?, 1, ?)
            ON CONFLICT (address, user_name) DO UPDATE SET
              failures = CASE WHEN f.last_failure_time <= ? THEN 1
                              WHEN f.failures >= ? THEN ? + 1
                              ELSE f.failures + 1 END,
              last_failure_time = CASE WHEN f.last_failure_time > ? AND f.failures >= ? THEN f.last_failure_time
                                       ELSE EXCLUDED.last_failure_time END
            RETURNING failures""";

    private final Jdbc jdbc;

    public LoginFailureRepository(DataSource dataSource) {
        this.jdbc = new Jdbc(dataSource);
    }

    /**
     * Counts one failure for the key and returns the count, atomically. A count last raised at or before
     * {@code windowStart} starts again at 1. Once the count has reached {@code limit} it stops at
     * {@code limit + 1} and its time is no longer moved, so refused attempts do not prolong a lock.
     */
    public int count(String address, String userName, long now, long windowStart, int limit) {
        return jdbc.queryOne(
                        COUNT,
                        row -> row.getInt(1),
                        address,
                        userName,
                        now,
                        windowStart,
                        limit,
                        limit,
                        windowStart,
                        limit)
                .orElseThrow(() -> new IllegalStateException("no count returned"));
    }

    /** Takes one back (an attempt counted in advance that succeeded). */
    public void uncount(String address, String userName) {
        jdbc.update(
                "UPDATE admin_login_failure SET failures = GREATEST(failures - 1, 0) WHERE address = ? AND user_name = ?",
                address,
                userName);
    }

    public void clear(String address, String userName) {
        jdbc.update("DELETE FROM admin_login_failure WHERE address = ? AND user_name = ?", address, userName);
    }

    /** Removes counters whose last failure is at or before {@code windowStart} (they count as zero anyway). */
    public int purge(long windowStart) {
        return jdbc.update("DELETE FROM admin_login_failure WHERE last_failure_time <= ?", windowStart);
    }
}
