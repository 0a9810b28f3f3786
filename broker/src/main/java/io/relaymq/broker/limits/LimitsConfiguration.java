package io.relaymq.broker.limits;

import io.micrometer.core.instrument.MeterRegistry;
import io.relaymq.broker.metrics.MqttMetrics;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Wires the node's overload protection. */
@Configuration(proxyBeanMethods = false)
class LimitsConfiguration {

    @Bean
    MemoryPressure memoryPressure(LimitsProperties limits, MeterRegistry meters) {
        return new MemoryPressure(limits, meters);
    }

    @Bean
    ConnectAdmission connectAdmission(LimitsProperties limits, MemoryPressure memory, MqttMetrics metrics) {
        return new ConnectAdmission(limits.maxConnections(), limits.connectRate(), memory::isUnderPressure,
                metrics::openConnections, System::nanoTime);
    }
}
