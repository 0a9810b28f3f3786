package io.relaymq.broker.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which session records the expired-session sweep counts as expired. */
class ExpiredSessionSweeperTest {

    private static final long DISCONNECTED_AT = 1_000_000;

    private static SessionInfo record(boolean connected, long expirySeconds, long disconnectedAt) {
        return new SessionInfo(
                "node-x",
                connected,
                expirySeconds,
                new SessionDetails("DEVICE", "10.0.0.1", "5", false, 1, disconnectedAt));
    }

    @Test
    void aDisconnectedPersistentSessionExpiresItsExpiryAfterItsDisconnect() {
        SessionInfo info = record(false, 2, DISCONNECTED_AT);
        assertThat(ExpiredSessionSweeper.expired(info, DISCONNECTED_AT + 1_999)).isFalse();
        assertThat(ExpiredSessionSweeper.expired(info, DISCONNECTED_AT + 2_000)).isTrue();
    }

    @Test
    void connectedCleanNeverExpiringAndUndatedSessionsAreLeftAlone() {
        long later = DISCONNECTED_AT + 365L * 24 * 3600 * 1000 * 200;
        assertThat(ExpiredSessionSweeper.expired(record(true, 2, DISCONNECTED_AT), later))
                .as("connected")
                .isFalse();
        assertThat(ExpiredSessionSweeper.expired(record(false, 0, DISCONNECTED_AT), later))
                .as("clean")
                .isFalse();
        assertThat(ExpiredSessionSweeper.expired(record(false, 0xFFFFFFFFL, DISCONNECTED_AT), later))
                .as("5.0 expiry 0xFFFFFFFF: never")
                .isFalse();
        assertThat(ExpiredSessionSweeper.expired(record(false, 2, 0), later))
                .as("disconnect time unknown")
                .isFalse();
    }
}
