package io.relaymq.broker.mqtt;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * MQTT protocol limits and listeners ({@code relaymq.mqtt.*}); see application.yml for each key.
 */
@Validated
@ConfigurationProperties("relaymq.mqtt")
public record MqttSettings(
        @Valid @NotNull Listeners listeners,
        @NotNull Duration connectTimeout,
        @Min(64) @Max(268_435_455) int maxPacketSize,
        @Min(23) @Max(65535) int maxClientIdLength,
        @Min(0) @Max(65535) int maxKeepAlive,
        @Min(1) @Max(65535) int receiveMaximum,
        @Min(1) @Max(65535) int maxInflightOutbound,
        @Min(1) int maxQueuedMessages,
        @Min(0) @Max(65535) int topicAliasMaximum,
        @NotNull Duration maxSessionExpiry,
        boolean responseInformationEnabled,
        boolean proxyProtocol,
        @Valid @NotNull Tls tls,
        @Valid @NotNull Netty netty) {

    /** The network listeners; each can be switched off. */
    public record Listeners(
            @Valid @NotNull Listener tcp,
            @Valid @NotNull Listener ws,
            @Valid @NotNull Listener tls,
            @Valid @NotNull Listener wss) {}

    /**
     * Server certificate and client-certificate checks of the TLS and WSS listeners. The server key comes
     * from PEM files ({@code certFile} + {@code keyFile}) or from a key store; client certificates are
     * checked against PEM CA certificates or a trust store.
     *
     * @param clientAuth  none, optional (checked when sent) or require
     * @param protocols   enabled protocol versions
     */
    public record Tls(
            String certFile,
            String keyFile,
            String keyPassword,
            String keyStoreFile,
            String keyStorePassword,
            String keyStoreType,
            String trustCertFile,
            String trustStoreFile,
            String trustStorePassword,
            String trustStoreType,

            @jakarta.validation.constraints.Pattern(regexp = "none|optional|require")
            String clientAuth,

            @NotNull List<String> protocols) {}

    /**
     * @param enabled whether to listen
     * @param host    bind address
     * @param port    bind port (0 = any free port, for tests)
     * @param path    WebSocket path (ignored for TCP)
     */
    public record Listener(
            boolean enabled,
            @NotNull String host,
            @Min(0) @Max(65535) int port,
            String path) {}

    /**
     * @param workerThreads   event-loop threads for MQTT connections; 0 = 2 x cores
     * @param soBacklog       TCP accept backlog
     * @param writeLowWaterMark  a connection becomes writable again below this many queued bytes
     * @param writeHighWaterMark a connection stops taking deliveries above this many queued bytes
     */
    public record Netty(
            @Min(0) int workerThreads,
            @Min(1) int soBacklog,
            @Min(1024) int writeLowWaterMark,
            @Min(2048) int writeHighWaterMark) {}
}
