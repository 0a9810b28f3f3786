package io.relaymq.dao.redis;

import io.lettuce.core.RedisException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SslOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.ClusterTopologyRefreshOptions;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.codec.RedisCodec;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import java.io.File;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Owns the Lettuce cluster client of one broker node: topology refresh (periodic and on redirects),
 * command timeouts, and one shared event-loop group. Connections it opens are asynchronous and
 * thread-safe; the node keeps a few long-lived ones instead of opening one per task.
 */
public final class RedisClusterConnector implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(RedisClusterConnector.class);

    private final RedisClusterSettings settings;
    private final ClientResources resources;
    private final RedisClusterClient client;

    public RedisClusterConnector(RedisClusterSettings settings) {
        this(settings, builder -> {});
    }

    /** @param customizer adds to the client resources, for example a command latency recorder for metrics */
    public RedisClusterConnector(RedisClusterSettings settings, Consumer<DefaultClientResources.Builder> customizer) {
        this.settings = settings;
        DefaultClientResources.Builder builder = DefaultClientResources.builder();
        customizer.accept(builder);
        this.resources = builder.build();
        this.client = RedisClusterClient.create(resources, seedUris(settings));
        this.client.setOptions(clientOptions(settings));
    }

    /**
     * Connects, retrying until {@link RedisClusterSettings#connectTimeout()} has passed, so a node
     * started together with its Redis Cluster waits for it instead of failing at once.
     */
    public <K, V> StatefulRedisClusterConnection<K, V> connect(RedisCodec<K, V> codec) {
        long deadline = System.nanoTime() + settings.connectTimeout().toNanos();
        RedisException last;
        do {
            try {
                return client.connect(codec);
            } catch (RedisException e) {
                last = e;
                log.warn("Redis Cluster {} not reachable yet: {}", settings.nodes(), e.getMessage());
                pause();
            }
        } while (System.nanoTime() < deadline);
        throw new IllegalStateException(
                "Redis Cluster " + settings.nodes() + " not reachable within "
                        + settings.connectTimeout().toSeconds() + " s (check REDIS_NODES)",
                last);
    }

    /** A connection with text keys and binary values (stored messages). */
    public StatefulRedisClusterConnection<String, byte[]> connectBinary() {
        return connect(RedisCodec.of(StringCodec.UTF8, ByteArrayCodec.INSTANCE));
    }

    @Override
    public void close() {
        client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
        resources.shutdown(0, 2, TimeUnit.SECONDS);
    }

    static List<RedisURI> seedUris(RedisClusterSettings settings) {
        return settings.nodes().stream()
                .map(node -> {
                    int colon = node.lastIndexOf(':');
                    RedisURI.Builder uri = RedisURI.builder()
                            .withHost(node.substring(0, colon))
                            .withPort(Integer.parseInt(node.substring(colon + 1)))
                            .withTimeout(settings.commandTimeout())
                            .withSsl(settings.tls().enabled())
                            .withVerifyPeer(settings.tls().verifyPeer());
                    if (!settings.username().isEmpty()) {
                        uri.withAuthentication(settings.username(), settings.password());
                    } else if (!settings.password().isEmpty()) {
                        uri.withPassword(settings.password().toCharArray());
                    }
                    return uri.build();
                })
                .toList();
    }

    private static ClusterClientOptions clientOptions(RedisClusterSettings settings) {
        ClusterTopologyRefreshOptions refresh = ClusterTopologyRefreshOptions.builder()
                .enablePeriodicRefresh(settings.topologyRefreshPeriod())
                .enableAllAdaptiveRefreshTriggers()
                .build();
        ClusterClientOptions.Builder options = ClusterClientOptions.builder()
                .topologyRefreshOptions(refresh)
                .timeoutOptions(TimeoutOptions.enabled(settings.commandTimeout()))
                .validateClusterNodeMembership(false);
        if (settings.tls().enabled() && !settings.tls().trustCertificate().isEmpty()) {
            options.sslOptions(SslOptions.builder()
                    .jdkSslProvider()
                    .trustManager(new File(settings.tls().trustCertificate()))
                    .build());
        }
        return options.build();
    }

    private static void pause() {
        try {
            Thread.sleep(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for Redis", e);
        }
    }
}
