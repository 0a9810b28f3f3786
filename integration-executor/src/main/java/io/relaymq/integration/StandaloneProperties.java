package io.relaymq.integration;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * Settings only the standalone process reads ({@code relaymq.integration-executor.standalone.*}).
 *
 * @param metricsPort    port of the {@code /metrics} (Prometheus text) and {@code /health} endpoint; 0 = none
 * @param metricsAddress address it listens on
 */
@Validated
@ConfigurationProperties("relaymq.integration-executor.standalone")
public record StandaloneProperties(
        @Min(0) @Max(65535) int metricsPort, @NotBlank String metricsAddress) {}
