package io.relaymq.broker.stats;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.relaymq.broker.metrics.MqttMetrics;
import io.relaymq.broker.retain.RetainedMessages;
import io.relaymq.broker.session.SessionRegistry;
import io.relaymq.dao.stats.MinuteStatsRepository;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * The sampler against a stand-in JDBC driver that records statements (the real database is in
 * {@code HistoricalStatsIT}): one statement per interval with every key, and a database that fails is
 * logged once per outage while the sampler goes on.
 */
class StatsSamplerTest {

    private static final long TS = 1_764_000_000_000L;

    private final MqttMetrics metrics = new MqttMetrics(new SimpleMeterRegistry());
    private final RecordingDatabase database = new RecordingDatabase();
    private final ListAppender<ILoggingEvent> logged = new ListAppender<>();
    private final Logger logger = (Logger) LoggerFactory.getLogger(StatsSampler.class);
    private StatsSampler sampler;

    @BeforeEach
    void start() {
        logged.start();
        logger.addAppender(logged);
        StatsHistoryProperties settings = new StatsHistoryProperties(
                true, Duration.ofHours(1), Duration.ofDays(7), Duration.ofDays(90), Duration.ofMinutes(5));
        sampler = new StatsSampler(
                new NodeStatsReader(metrics, new SessionRegistry(), new RetainedMessages(), new SimpleMeterRegistry()),
                new MinuteStatsRepository(database.dataSource()),
                "node-x",
                settings,
                Clock.systemUTC());
        sampler.start();
    }

    @AfterEach
    void stop() {
        sampler.stop();
        logger.detachAppender(logged);
    }

    @Test
    void eachIntervalIsOneStatementWithEveryKeyAndTheCountsOfThatInterval() {
        metrics.messageIn(1, 10);
        metrics.messageIn(2, 5);
        metrics.dropped("queue_full", 1, 1);
        metrics.dropped("malformed_packet", 1);
        sampler.sample(TS);
        metrics.messageIn(0, 3);
        sampler.sample(TS + 1_000);

        assertThat(database.statements).hasSize(2);
        assertThat(database.statements.get(0)).startsWith("INSERT INTO stats_minute");
        assertThat(database.rows(0)).hasSize(StatsKey.values().length);
        assertThat(database.rows(0))
                .contains(
                        List.of("node-x", "incomingMsgs", TS, 2L),
                        List.of("node-x", "incomingMsgsQos1", TS, 1L),
                        List.of("node-x", "inboundPayloadTraffic", TS, 15L),
                        List.of("node-x", "droppedMsgs", TS, 2L),
                        List.of("node-x", "droppedMsgsQos1", TS, 1L),
                        List.of("node-x", "droppedMsgsQos0", TS, 0L));
        assertThat(database.rows(1))
                .contains(
                        List.of("node-x", "incomingMsgs", TS + 1_000, 1L),
                        List.of("node-x", "incomingMsgsQos0", TS + 1_000, 1L),
                        List.of("node-x", "droppedMsgs", TS + 1_000, 0L));
    }

    @Test
    void aFailingDatabaseIsLoggedOnceAndAgainWhenItWorksWhileTheSamplerGoesOn() {
        database.down = true;
        sampler.sample(TS);
        sampler.sample(TS + 1_000);
        sampler.sample(TS + 2_000);
        assertThat(warnings()).hasSize(1);
        assertThat(warnings().get(0).getThrowableProxy()).isNotNull();

        database.down = false;
        metrics.messageIn(1, 1);
        sampler.sample(TS + 3_000);
        assertThat(database.rows(0)).contains(List.of("node-x", "incomingMsgs", TS + 3_000, 1L));
        assertThat(logged.list)
                .filteredOn(e -> e.getLevel() == Level.INFO)
                .extracting(ILoggingEvent::getFormattedMessage)
                .anyMatch(m -> m.contains("works again after 3 failure(s)"));

        database.down = true;
        sampler.sample(TS + 4_000);
        assertThat(warnings()).hasSize(2);
    }

    private List<ILoggingEvent> warnings() {
        return logged.list.stream().filter(e -> e.getLevel() == Level.WARN).toList();
    }

    /** A DataSource whose statements only record their SQL and parameters; or that refuses every connection. */
    private static final class RecordingDatabase {
        volatile boolean down;
        final List<String> statements = new ArrayList<>();
        final List<List<Object>> parameters = new ArrayList<>();

        DataSource dataSource() {
            return proxy(DataSource.class, (method, args) -> {
                if (method.equals("getConnection")) {
                    if (down) {
                        throw new SQLException("connection refused", "08001");
                    }
                    return connection();
                }
                return null;
            });
        }

        private Connection connection() {
            return proxy(Connection.class, (method, args) -> {
                if (method.equals("prepareStatement")) {
                    statements.add((String) args[0]);
                    List<Object> bound = new ArrayList<>();
                    parameters.add(bound);
                    return statement(bound);
                }
                return null;
            });
        }

        private PreparedStatement statement(List<Object> bound) {
            return proxy(PreparedStatement.class, (method, args) -> {
                if (method.equals("setObject")) {
                    bound.add(args[1]);
                }
                return method.equals("executeUpdate") ? 1 : null;
            });
        }

        /** The rows (four parameters each) of the {@code index}th statement prepared. */
        List<List<Object>> rows(int index) {
            List<Object> bound = parameters.get(index);
            List<List<Object>> rows = new ArrayList<>();
            for (int i = 0; i < bound.size(); i += 4) {
                rows.add(bound.subList(i, i + 4));
            }
            return rows;
        }

        private interface Answer {
            Object answer(String method, Object[] args) throws SQLException;
        }

        private static <T> T proxy(Class<T> type, Answer answer) {
            return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (p, m, args) -> {
                Object result = answer.answer(m.getName(), args);
                if (result == null && m.getReturnType() == boolean.class) {
                    return false;
                }
                if (result == null && m.getReturnType() == int.class) {
                    return 0;
                }
                return result;
            }));
        }
    }
}
