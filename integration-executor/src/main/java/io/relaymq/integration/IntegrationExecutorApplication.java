package io.relaymq.integration;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.Map;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * The integration executor as a process of its own ({@code relaymq-integration-executor.jar}), configured by
 * {@code integration-executor.yml}; no web server, only the optional {@link MetricsServer}.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@EnableConfigurationProperties(StandaloneProperties.class)
@Import(IntegrationExecutorConfiguration.class)
public class IntegrationExecutorApplication {

    public static void main(String[] args) {
        application().run(args);
    }

    /** The process as {@link #main} starts it: no web server, settings from integration-executor.yml. */
    static SpringApplicationBuilder application() {
        return new SpringApplicationBuilder(IntegrationExecutorApplication.class)
                .web(WebApplicationType.NONE)
                .properties(Map.of("spring.config.name", "integration-executor"));
    }

    @Bean
    PrometheusMeterRegistry prometheusMeterRegistry() {
        return new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    }

    @Bean
    MetricsServer metricsServer(StandaloneProperties properties, PrometheusMeterRegistry registry) {
        return new MetricsServer(properties, registry);
    }
}
