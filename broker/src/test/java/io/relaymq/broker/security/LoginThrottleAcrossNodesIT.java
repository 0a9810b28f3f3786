package io.relaymq.broker.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.relaymq.broker.api.ApiProperties;
import io.relaymq.broker.api.error.ApiTooManyRequestsException;
import io.relaymq.broker.api.security.LoginThrottle;
import io.relaymq.broker.support.RelayMqNodeTest;
import io.relaymq.dao.admin.LoginFailureRepository;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.core.env.Environment;

/**
 * Finding 8: failed admin logins were counted in each node's memory, so every node behind the load
 * balancer granted its own set of attempts, and concurrent attempts on one node all passed the check
 * before any was counted. The count now lives in PostgreSQL and an attempt is counted, atomically,
 * before its password is checked. The "other node" here is a second throttle on a connection pool of
 * its own, against the same database as the running test node.
 */
@RelayMqNodeTest
class LoginThrottleAcrossNodesIT {

    @LocalServerPort
    int port;

    @Autowired
    ApiProperties properties;

    @Autowired
    Environment environment;

    @Test
    void failuresOnAnotherNodeLockTheCallerOutHereToo() {
        try (HikariDataSource otherPool = pool()) {
            LoginThrottle otherNode = throttle(otherPool);
            String address = AdminLogins.randomAddress();
            String user = AdminLogins.randomUser();
            for (int i = 0; i < properties.login().maxFailures(); i++) {
                otherNode.admit(user, address);
            }
            assertThat(AdminLogins.login(port, address, user, "wrong").status())
                    .as("this node, after the other node counted the maximum of failures")
                    .isEqualTo(429);
        }
    }

    @Test
    void twoNodesRacingAdmitNoMoreAttemptsThanTheLimitAllowsInTotal() throws Exception {
        String address = AdminLogins.randomAddress();
        String user = AdminLogins.randomUser();
        // 20 attempts in all: every one stays within the address's own limit (20), so only the pair limits them
        int perNode = 10;
        ExecutorService callers = Executors.newFixedThreadPool(2 * perNode);
        try (HikariDataSource poolA = pool();
                HikariDataSource poolB = pool()) {
            List<LoginThrottle> nodes = List.of(throttle(poolA), throttle(poolB));
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Boolean>> attempts = new ArrayList<>();
            for (LoginThrottle node : nodes) {
                for (int i = 0; i < perNode; i++) {
                    attempts.add(callers.submit(() -> {
                        start.await();
                        try {
                            node.admit(user, address);
                            return true;
                        } catch (ApiTooManyRequestsException refused) {
                            return false;
                        }
                    }));
                }
            }
            start.countDown();
            int admitted = 0;
            for (Future<Boolean> attempt : attempts) {
                admitted += attempt.get(30, TimeUnit.SECONDS) ? 1 : 0;
            }
            assertThat(admitted)
                    .as("password checks admitted for one address and user across two nodes")
                    .isEqualTo(properties.login().maxFailures());
        } finally {
            callers.shutdownNow();
        }
    }

    @Test
    void aLockEndsLockDurationAfterTheLastCountedFailureAndRefusedAttemptsDoNotProlongIt() {
        ApiProperties.Login settings = new ApiProperties.Login(2, Duration.ofMinutes(5), 20);
        SettableClock clock = new SettableClock(Instant.now());
        String address = AdminLogins.randomAddress();
        String user = AdminLogins.randomUser();
        try (HikariDataSource pool = pool()) {
            LoginThrottle throttle = new LoginThrottle(new LoginFailureRepository(pool), settings, clock);
            throttle.admit(user, address);
            clock.advance(Duration.ofMinutes(1));
            throttle.admit(user, address);
            clock.advance(Duration.ofMinutes(4));
            assertThatThrownBy(() -> throttle.admit(user, address)).isInstanceOf(ApiTooManyRequestsException.class);
            clock.advance(Duration.ofSeconds(59));
            assertThatThrownBy(() -> throttle.admit(user, address)).isInstanceOf(ApiTooManyRequestsException.class);
            clock.advance(Duration.ofSeconds(2));
            assertThatCode(() -> throttle.admit(user, address))
                    .as("5 min after the last counted failure")
                    .doesNotThrowAnyException();
            throttle.succeeded(user, address);
            throttle.admit(user, address);
            assertThatCode(() -> throttle.admit(user, address))
                    .as("a success starts the pair from zero")
                    .doesNotThrowAnyException();
        }
    }

    private LoginThrottle throttle(HikariDataSource pool) {
        return new LoginThrottle(new LoginFailureRepository(pool), properties.login(), Clock.systemUTC());
    }

    /** A clock the test moves. */
    private static final class SettableClock extends Clock {
        private final AtomicReference<Instant> now;

        SettableClock(Instant start) {
            this.now = new AtomicReference<>(start);
        }

        void advance(Duration by) {
            now.updateAndGet(t -> t.plus(by));
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now.get();
        }
    }

    private HikariDataSource pool() {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(environment.getRequiredProperty("spring.datasource.url"));
        config.setUsername(environment.getRequiredProperty("spring.datasource.username"));
        config.setPassword(environment.getRequiredProperty("spring.datasource.password"));
        config.setMaximumPoolSize(12);
        config.setPoolName("other-node");
        return new HikariDataSource(config);
    }
}
