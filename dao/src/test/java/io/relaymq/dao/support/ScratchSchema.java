package io.relaymq.dao.support;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;

/** A PostgreSQL schema of its own on the shared local stack, so a test starts from an empty database. */
public final class ScratchSchema implements AutoCloseable {

    private final HikariDataSource dataSource;

    public ScratchSchema(StackEndpoints stack) {
        String schema = "t_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        try (Connection c = DriverManager.getConnection(stack.jdbcUrl(), stack.jdbcUser(), stack.jdbcPassword());
                Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + schema);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create schema " + schema, e);
        }
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(stack.jdbcUrl() + (stack.jdbcUrl().contains("?") ? "&" : "?") + "currentSchema=" + schema);
        config.setUsername(stack.jdbcUser());
        config.setPassword(stack.jdbcPassword());
        config.setMaximumPoolSize(4);
        this.dataSource = new HikariDataSource(config);
    }

    public HikariDataSource dataSource() {
        return dataSource;
    }

    @Override
    public void close() {
        dataSource.close();
    }
}
