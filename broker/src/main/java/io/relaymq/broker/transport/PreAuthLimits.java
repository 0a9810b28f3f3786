package io.relaymq.broker.transport;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * What a connection may do before it is authenticated ({@code relaymq.mqtt.pre-auth.*}); the CONNECT
 * deadline itself is {@code relaymq.mqtt.connect-timeout}.
 *
 * @param maxConnectPacketSize         largest packet (the CONNECT first) accepted before CONNACK
 * @param proxyProtocolTrustedNetworks CIDR blocks PROXY protocol headers are accepted from; required when the
 *                                     PROXY protocol is on
 */
@Validated
@ConfigurationProperties("relaymq.mqtt.pre-auth")
public record PreAuthLimits(
        @Min(64) @Max(268_435_455) int maxConnectPacketSize, List<String> proxyProtocolTrustedNetworks) {

    public static final int DEFAULT_MAX_CONNECT_PACKET_SIZE = 65_536;

    public PreAuthLimits {
        proxyProtocolTrustedNetworks =
                proxyProtocolTrustedNetworks == null ? List.of() : List.copyOf(proxyProtocolTrustedNetworks);
    }

    /** The shipped defaults, with no trusted proxies. */
    public static PreAuthLimits defaults() {
        return new PreAuthLimits(DEFAULT_MAX_CONNECT_PACKET_SIZE, List.of());
    }
}
