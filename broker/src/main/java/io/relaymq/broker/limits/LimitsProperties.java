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
 * @param maxConnections      open MQTT connections this node accepts; more get CONNACK 0x97 (3.1.1: 0x03).
 *                            Unset: sized from the node, max heap / {@value #HEAP_BYTES_PER_CONNECTION} bytes
 * @param connectRate         new connections per second (burst of one second's worth); more get 0x9F (3.1.1: 0x03).
 *                            Unset: {@value #CONNECTS_PER_CORE} per available core
 * @param publishRate         PUBLISH packets per second one client may send; beyond it the node stops reading
 *                            from that client until its budget refills (TCP pushes back, nothing is lost)
 * @param heapThreshold       share of the heap in use after the last collection above which the node is under
 *                            memory pressure
 * @param directThreshold     share of the direct-memory limit in use above which the node is under pressure
 * @param memoryCheckInterval how often memory is checked
 */
@Validated
@ConfigurationProperties("relaymq.mqtt.limits")
public record LimitsProperties(
        @Min(0) Integer maxConnections,
        @Min(0) Integer connectRate,
        @Min(0) int publishRate,
        @DecimalMin("0.1") @DecimalMax("1.0") double heapThreshold,
        @DecimalMin("0.1") @DecimalMax("1.0") double directThreshold,
        @NotNull Duration memoryCheckInterval) {

    /** Heap a connection is given when the connection limit is sized from the node. */
    public static final int HEAP_BYTES_PER_CONNECTION = 16 * 1024;
    /** New connections per second and core when the connect rate is sized from the node. */
    public static final int CONNECTS_PER_CORE = 500;

    public LimitsProperties {
        maxConnections = maxConnections != null
                ? maxConnections
                : sizedMaxConnections(Runtime.getRuntime().maxMemory());
        connectRate = connectRate != null
                ? connectRate
                : sizedConnectRate(Runtime.getRuntime().availableProcessors());
    }

    /** The connection limit of a node with this much heap. */
    public static int sizedMaxConnections(long maxHeapBytes) {
        return (int) Math.min(Integer.MAX_VALUE, Math.max(1, maxHeapBytes / HEAP_BYTES_PER_CONNECTION));
    }

    /** The connect rate of a node with this many cores. */
    public static int sizedConnectRate(int cores) {
        return CONNECTS_PER_CORE * Math.max(1, cores);
    }
}
