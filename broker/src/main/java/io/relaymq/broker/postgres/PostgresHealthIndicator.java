package io.relaymq.broker.postgres;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import javax.sql.DataSource;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.stereotype.Component;

/** UP while a pooled connection runs a query; reports the server version. */
@Component("postgres")
class PostgresHealthIndicator extends AbstractHealthIndicator {

    private final DataSource dataSource;

    PostgresHealthIndicator(DataSource dataSource) {
        super("PostgreSQL health check failed");
        this.dataSource = dataSource;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) throws Exception {
        try (Connection connection = dataSource.getConnection();
                Statement statement = connection.createStatement()) {
            statement.setQueryTimeout(5);
            try (ResultSet rs = statement.executeQuery("show server_version")) {
                rs.next();
                builder.up().withDetail("version", rs.getString(1));
            }
        }
    }
}
