package io.relaymq.broker.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relaymq.broker.support.ShippedConfiguration;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class StatsHistoryPropertiesTest {

    private static StatsHistoryProperties settings(String interval, String raw, String rollup, String period) {
        return new StatsHistoryProperties(
                true, Duration.parse(interval), Duration.parse(raw), Duration.parse(rollup), Duration.parse(period));
    }

    @Test
    void theDefaultsAreValid() {
        assertThat(settings("PT60S", "P7D", "P90D", "PT5M").interval()).isEqualTo(Duration.ofMinutes(1));
    }

    @Test
    void theShippedApplicationYamlBindsToTheDefaults() throws Exception {
        StatsHistoryProperties shipped =
                ShippedConfiguration.bind("relaymq.stats.history", StatsHistoryProperties.class, List.of());

        assertThat(shipped.enabled()).isTrue();
        assertThat(shipped.interval()).isEqualTo(Duration.ofMinutes(1));
        assertThat(shipped.rawRetention()).isEqualTo(Duration.ofDays(7));
        assertThat(shipped.rollupRetention()).isEqualTo(Duration.ofDays(90));
        assertThat(shipped.rollupPeriod()).isEqualTo(Duration.ofMinutes(5));
    }

    @Test
    void anIntervalMustDivideAnHourAndStayWithinBounds() {
        assertThatThrownBy(() -> settings("PT7S", "P7D", "P90D", "PT5M")).hasMessageContaining("divide an hour");
        assertThatThrownBy(() -> settings("PT0.5S", "P7D", "P90D", "PT5M")).hasMessageContaining("interval");
        assertThatThrownBy(() -> settings("PT2H", "P7D", "P90D", "PT5M")).hasMessageContaining("interval");
    }

    @Test
    void retentionsAndThePeriodAreChecked() {
        assertThatThrownBy(() -> settings("PT1M", "PT30M", "P90D", "PT5M")).hasMessageContaining("raw-retention");
        // under 2 days, day ranges would read a raw table that lost its oldest points, and the rollup would
        // sum the last hours again from points already deleted
        assertThatThrownBy(() -> settings("PT1M", "PT47H", "P90D", "PT5M")).hasMessageContaining("raw-retention");
        assertThatThrownBy(() -> settings("PT1M", "P7D", "PT12H", "PT5M")).hasMessageContaining("rollup-retention");
        assertThatThrownBy(() -> settings("PT1M", "P30D", "P10D", "PT5M"))
                .hasMessageContaining("at least the raw-retention");
        assertThatThrownBy(() -> settings("PT1M", "P7D", "P90D", "PT2H")).hasMessageContaining("rollup-period");
    }
}
