package io.relaymq.broker.node;

import io.relaymq.broker.kafka.KafkaProperties;
import java.sql.Connection;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javax.sql.DataSource;
import org.apache.kafka.clients.admin.Admin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.stereotype.Component;

/**
 * At start, waits (bounded by {@code relaymq.node.dependency-timeout}) until Kafka and PostgreSQL
 * answer, and stops the start with a message naming the setting to fix if they never do. A node never
 * runs half-wired; Redis is awaited by its connector the same way.
 */
@Component
class DependencyCheck implements InitializingBean {

    private static final Logger log = LoggerFactory.getLogger(DependencyCheck.class);

    private final Admin admin;
    private final KafkaProperties kafka;
    private final DataSource dataSource;
    private final NodeProperties node;

    DependencyCheck(Admin admin, KafkaProperties kafka, DataSource dataSource, NodeProperties node) {
        this.admin = admin;
        this.kafka = kafka;
        this.dataSource = dataSource;
        this.node = node;
    }

    @Override
    public void afterPropertiesSet() {
        await("Kafka at " + kafka.bootstrapServers() + " (KAFKA_BOOTSTRAP_SERVERS)", this::kafkaAnswers);
        await("PostgreSQL (SPRING_DATASOURCE_URL)", this::postgresAnswers);
    }

    private void await(String what, BooleanSupplier check) {
        Duration timeout = node.dependencyTimeout();
        long deadline = System.nanoTime() + timeout.toNanos();
        boolean warned = false;
        while (!check.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(what + " did not answer within " + timeout.toSeconds()
                        + " s (relaymq.node.dependency-timeout); check the setting and that the server runs");
            }
            if (!warned) {
                log.warn("waiting for {} …", what);
                warned = true;
            }
            pause();
        }
    }

    private boolean kafkaAnswers() {
        try {
            admin.describeCluster()
                    .clusterId()
                    .get(Math.min(kafka.apiTimeout().toMillis(), 5000), TimeUnit.MILLISECONDS);
            return true;
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            return false;
        }
    }

    private boolean postgresAnswers() {
        try (Connection connection = dataSource.getConnection()) {
            return connection.isValid(5);
        } catch (Exception e) {
            return false;
        }
    }

    private static void pause() {
        try {
            Thread.sleep(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for dependencies", e);
        }
    }
}
