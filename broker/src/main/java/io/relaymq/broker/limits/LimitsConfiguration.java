package io.relaymq.broker.limits;

import io.micrometer.core.instrument.MeterRegistry;
import io.relaymq.broker.metrics.MqttMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Wires the node's overload protection. */
@Configuration(proxyBeanMethods = false)
class LimitsConfiguration {

    private static final Logger log = LoggerFactory.getLogger(LimitsConfiguration.class);

    @Bean
    MemoryPressure memoryPressure(LimitsProperties limits, MeterRegistry meters) {
        return new MemoryPressure(limits, meters);
    }

    @Bean
    ConnectAdmission connectAdmission(LimitsProperties limits, MemoryPressure memory, MqttMetrics metrics) {
        log.info(
                "MQTT connection limits: {} open connections, {} new connections per second (0 = no limit)",
                limits.maxConnections(),
                limits.connectRate());
        return new ConnectAdmission(
                limits.maxConnections(),
                limits.connectRate(),
                memory::isUnderPressure,
                metrics::openConnections,
                System::nanoTime);
    }
}
