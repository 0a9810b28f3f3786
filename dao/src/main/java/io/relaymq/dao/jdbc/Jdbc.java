package io.relaymq.dao.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/** Plain JDBC with a pooled DataSource: one statement per call, SQL errors turned into {@link DataAccessException}. */
public final class Jdbc {

    /** Maps the current row. */
    @FunctionalInterface
    public interface RowMapper<T> {
        T map(ResultSet row) throws SQLException;
    }

    private final DataSource dataSource;

    public Jdbc(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    public <T> List<T> query(String sql, RowMapper<T> mapper, Object... args) {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement statement = prepare(connection, sql, args);
                ResultSet rows = statement.executeQuery()) {
            List<T> result = new ArrayList<>();
            while (rows.next()) {
                result.add(mapper.map(rows));
            }
            return result;
        } catch (SQLException e) {
            throw new DataAccessException(sql, e);
        }
    }

    public <T> Optional<T> queryOne(String sql, RowMapper<T> mapper, Object... args) {
        List<T> rows = query(sql, mapper, args);
        return rows.isEmpty() ? Optional.empty() : Optional.of(rows.get(0));
    }

    public int update(String sql, Object... args) {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement statement = prepare(connection, sql, args)) {
            return statement.executeUpdate();
        } catch (SQLException e) {
            throw new DataAccessException(sql, e);
        }
    }

    /** Runs {@code sql} once per argument list in one batch. */
    public void batch(String sql, List<Object[]> argLists) {
        if (argLists.isEmpty()) {
            return;
        }
        try (Connection connection = dataSource.getConnection();
                PreparedStatement statement = connection.prepareStatement(sql)) {
            for (Object[] args : argLists) {
                bind(statement, args);
                statement.addBatch();
            }
            statement.executeBatch();
        } catch (SQLException e) {
            throw new DataAccessException(sql, e);
        }
    }

    private static PreparedStatement prepare(Connection connection, String sql, Object[] args) throws SQLException {
        PreparedStatement statement = connection.prepareStatement(sql);
        bind(statement, args);
        return statement;
    }

    private static void bind(PreparedStatement statement, Object[] args) throws SQLException {
        for (int i = 0; i < args.length; i++) {
            Object arg = args[i];
            if (arg instanceof Enum<?> e) {
                statement.setString(i + 1, e.name());
            } else if (arg instanceof String[] array) {
                statement.setArray(i + 1, statement.getConnection().createArrayOf("varchar", array));
            } else {
                statement.setObject(i + 1, arg);
            }
        }
    }

    /** A failed SQL statement (the database is down, or the statement broke a constraint). */
    public static final class DataAccessException extends RuntimeException {
        private final String sqlState;

        public DataAccessException(String sql, SQLException cause) {
            super(cause.getMessage() + " [" + sql.strip().split("\\s+", 3)[0] + "]", cause);
            this.sqlState = cause.getSQLState();
        }

        /** True when a unique constraint was violated (SQL state 23505). */
        public boolean isDuplicateKey() {
            return "23505".equals(sqlState);
        }
    }
}
