package io.relaymq.broker.stats;

import io.micrometer.core.instrument.MeterRegistry;
import io.relaymq.broker.metrics.MqttMetrics;
import io.relaymq.broker.retain.RetainedMessages;
import io.relaymq.broker.session.SessionRegistry;
import io.relaymq.common.node.NodeId;
import io.relaymq.dao.stats.HourStatsRepository;
import io.relaymq.dao.stats.MinuteStatsRepository;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Wires the historical statistics: the sampler and the rollup on every node; when switched off they do not start. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(StatsHistoryProperties.class)
class StatsConfiguration {

    private static final Logger log = LoggerFactory.getLogger(StatsConfiguration.class);

    @Bean
    StatsSampler statsSampler(
            StatsHistoryProperties settings,
            MqttMetrics metrics,
            SessionRegistry sessions,
            RetainedMessages retained,
            MeterRegistry meters,
            MinuteStatsRepository repository,
            NodeId node,
            Clock clock) {
        if (!settings.enabled()) {
            log.info("historical statistics are off on this node (STATS_HISTORY_ENABLED)");
        }
        return new StatsSampler(
                new NodeStatsReader(metrics, sessions, retained, meters), repository, node.value(), settings, clock);
    }

    @Bean
    StatsRollup statsRollup(
            StatsHistoryProperties settings, MinuteStatsRepository minutes, HourStatsRepository hours, Clock clock) {
        return new StatsRollup(minutes, hours, settings, clock);
    }
}
