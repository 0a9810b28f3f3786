package io.relaymq.dao.redis;

import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SslOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.ClusterTopologyRefreshOptions;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.codec.RedisCodec;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import java.io.File;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Owns the Lettuce client of one broker node, of the connection type the settings name: a cluster client with
 * topology refresh (periodic and on redirects), or a client of one server, found directly (standalone) or by
 * asking the sentinels for the master (sentinel, asked again on every reconnect, so the connection follows a
 * failover). Command timeouts and one shared event-loop group for all. Connections it opens are asynchronous
 * and thread-safe; the node keeps a few long-lived ones instead of opening one per task.
 */
public final class RedisConnector implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(RedisConnector.class);

    private final RedisSettings settings;
    private final ClientResources resources;
    private final AbstractRedisClient client;

    public RedisConnector(RedisSettings settings) {
        this(settings, builder -> {});
    }

    /** @param customizer adds to the client resources, for example a command latency recorder for metrics */
    public RedisConnector(RedisSettings settings, Consumer<DefaultClientResources.Builder> customizer) {
        this.settings = settings;
        DefaultClientResources.Builder builder = DefaultClientResources.builder();
        customizer.accept(builder);
        this.resources = builder.build();
        if (settings.type() == RedisConnectionType.CLUSTER) {
            RedisClusterClient cluster = RedisClusterClient.create(resources, RedisUris.clusterSeeds(settings));
            cluster.setOptions(clusterOptions(settings));
            this.client = cluster;
        } else {
            RedisClient single = RedisClient.create(resources);
            single.setOptions(singleOptions(settings));
            this.client = single;
        }
    }

    /**
     * Connects, retrying until {@link RedisSettings#connectTimeout()} has passed, so a node started together
     * with its Redis waits for it instead of failing at once.
     */
    public <K, V> RedisConnection<K, V> connect(RedisCodec<K, V> codec) {
        long deadline = System.nanoTime() + settings.connectTimeout().toNanos();
        RedisException last;
        do {
            try {
                return connectOnce(codec);
            } catch (RedisException e) {
                refuseServerWithoutClusterMode(e);
                last = e;
                log.warn("{} not reachable yet: {}", settings.target(), e.getMessage());
                pause();
            }
        } while (System.nanoTime() < deadline);
        throw new IllegalStateException(
                settings.target() + " not reachable within "
                        + settings.connectTimeout().toSeconds() + " s (check " + settings.settingsToCheck() + ")",
                last);
    }

    /** A cluster connection to a server without cluster mode never works: stop at once and say what to set. */
    private void refuseServerWithoutClusterMode(RedisException e) {
        if (saysClusterSupportDisabled(e)) {
            throw new IllegalStateException(
                    settings.target() + " is a Redis server without cluster mode: set REDIS_CONNECTION_TYPE="
                            + "standalone (or sentinel, for a master that sentinels name)",
                    e);
        }
    }

    private static boolean saysClusterSupportDisabled(Throwable failure) {
        if (failure == null) {
            return false;
        }
        if (String.valueOf(failure.getMessage()).contains("cluster support disabled")) {
            return true;
        }
        for (Throwable suppressed : failure.getSuppressed()) {
            if (saysClusterSupportDisabled(suppressed)) {
                return true;
            }
        }
        return saysClusterSupportDisabled(failure.getCause());
    }

    /** A connection with text keys and binary values (stored messages). */
    public RedisConnection<String, byte[]> connectBinary() {
        return connect(RedisCodec.of(StringCodec.UTF8, ByteArrayCodec.INSTANCE));
    }

    private <K, V> RedisConnection<K, V> connectOnce(RedisCodec<K, V> codec) {
        if (client instanceof RedisClusterClient cluster) {
            return RedisConnection.of(cluster.connect(codec));
        }
        RedisURI uri = settings.type() == RedisConnectionType.SENTINEL
                ? RedisUris.sentinel(settings)
                : RedisUris.standalone(settings);
        RedisConnection<K, V> connection = RedisConnection.of(((RedisClient) client).connect(codec, uri));
        if (isClusterNode(connection)) {
            connection.close();
            throw new IllegalStateException(settings.target() + " is a node of a Redis Cluster, which "
                    + settings.type().value() + " cannot follow (MOVED, failover): set REDIS_CONNECTION_TYPE=cluster");
        }
        return connection;
    }

    /** Whether the server answers CLUSTER INFO, which only a server in cluster mode does. */
    private static boolean isClusterNode(RedisConnection<?, ?> connection) {
        try {
            connection.sync().clusterInfo();
            return true;
        } catch (RedisException notInClusterMode) {
            return false;
        }
    }

    @Override
    public void close() {
        client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
        resources.shutdown(0, 2, TimeUnit.SECONDS);
    }

    private static ClusterClientOptions clusterOptions(RedisSettings settings) {
        ClusterTopologyRefreshOptions refresh = ClusterTopologyRefreshOptions.builder()
                .enablePeriodicRefresh(settings.topologyRefreshPeriod())
                .enableAllAdaptiveRefreshTriggers()
                .build();
        ClusterClientOptions.Builder options = ClusterClientOptions.builder()
                .topologyRefreshOptions(refresh)
                .timeoutOptions(TimeoutOptions.enabled(settings.commandTimeout()))
                .validateClusterNodeMembership(false);
        trustedCertificates(settings).ifPresent(options::sslOptions);
        return options.build();
    }

    private static ClientOptions singleOptions(RedisSettings settings) {
        ClientOptions.Builder options =
                ClientOptions.builder().timeoutOptions(TimeoutOptions.enabled(settings.commandTimeout()));
        trustedCertificates(settings).ifPresent(options::sslOptions);
        return options.build();
    }

    /** The CA certificates of the TLS settings; empty for plain TCP or the JVM's trust store. */
    private static Optional<SslOptions> trustedCertificates(RedisSettings settings) {
        if (!settings.tls().enabled() || settings.tls().trustCertificate().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(SslOptions.builder()
                .jdkSslProvider()
                .trustManager(new File(settings.tls().trustCertificate()))
                .build());
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
