package io.relaymq.broker.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.broker.limits.ConnectAdmission;
import io.relaymq.broker.limits.LimitsProperties;
import io.relaymq.broker.mqtt.ConnectReject;
import io.relaymq.broker.support.ShippedConfiguration;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Finding 6: a node started with the shipped configuration and no overrides limits how many connections
 * it holds and how fast it accepts new ones, sized from the node (max heap / 16 KiB connections,
 * 500 connects per second per core). Before, both defaulted to 0: no limit.
 */
class DefaultConnectionLimitsTest {

    private static LimitsProperties shippedDefaults() throws IOException {
        return ShippedConfiguration.bind("relaymq.mqtt.limits", LimitsProperties.class, List.of());
    }

    @Test
    void theShippedDefaultsLimitConnectionsByHeapAndConnectsByCores() throws IOException {
        LimitsProperties limits = shippedDefaults();

        long heapBased = Runtime.getRuntime().maxMemory() / (16 * 1024);
        assertThat((long) limits.maxConnections()).isEqualTo(Math.min(heapBased, Integer.MAX_VALUE));
        assertThat(limits.connectRate()).isEqualTo(500 * Runtime.getRuntime().availableProcessors());
    }

    @Test
    void aNodeOnTheShippedDefaultsRefusesBeyondThoseLimits() throws IOException {
        LimitsProperties limits = shippedDefaults();
        AtomicInteger open = new AtomicInteger();
        ConnectAdmission admission =
                new ConnectAdmission(limits.maxConnections(), limits.connectRate(), () -> false, open::get, () -> 0L);

        for (int i = 0; i < limits.connectRate(); i++) {
            assertThat(admission.admit()).isNull();
        }
        assertThat(admission.admit())
                .as("one second's burst used up")
                .isEqualTo(ConnectReject.CONNECTION_RATE_EXCEEDED);

        ConnectAdmission count = new ConnectAdmission(limits.maxConnections(), 0, () -> false, open::get, () -> 0L);
        open.set(limits.maxConnections() + 1);
        assertThat(count.admit()).isEqualTo(ConnectReject.QUOTA_EXCEEDED);
    }
}
