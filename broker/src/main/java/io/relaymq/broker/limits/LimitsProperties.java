package io.relaymq.broker.limits;

import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * Overload limits of one node ({@code relaymq.mqtt.limits.*}); 0 switches a count or rate limit off.
 *
 * @param maxConnections      open MQTT connections this node accepts; more get CONNACK 0x97 (3.1.1: 0x03)
 * @param connectRate         new connections per second (burst of one second's worth); more get 0x9F (3.1.1: 0x03)
 * @param publishRate         PUBLISH packets per second one client may send; beyond it the node stops reading
 *                            from that client until its budget refills (TCP pushes back, nothing is lost)
 * @param heapThreshold       share of the heap in use after the last collection above which the node is under
 *                            memory pressure
 * @param directThreshold     share of the direct-memory limit in use above which the node is under pressure
 * @param memoryCheckInterval how often memory is checked
 */
@Validated
@ConfigurationProperties("relaymq.mqtt.limits")
public record LimitsProperties(@Min(0) int maxConnections, @Min(0) int connectRate, @Min(0) int publishRate,
                               @DecimalMin("0.1") @DecimalMax("1.0") double heapThreshold,
                               @DecimalMin("0.1") @DecimalMax("1.0") double directThreshold,
                               @NotNull Duration memoryCheckInterval) {
}
