package io.relaymq.dao.redis;

import io.lettuce.core.RedisURI;
import java.util.List;

/** The Lettuce URIs of each connection type, with the timeout, the credentials and TLS of the settings. */
final class RedisUris {

    private RedisUris() {}

    /** Cluster: one URI per seed node. */
    static List<RedisURI> clusterSeeds(RedisSettings settings) {
        return settings.nodes().stream()
                .map(node -> dataNode(RedisURI.builder().withHost(host(node)).withPort(port(node)), settings))
                .toList();
    }

    /** Standalone: the one server, with its database. */
    static RedisURI standalone(RedisSettings settings) {
        String node = settings.nodes().get(0);
        return dataNode(RedisURI.Builder.redis(host(node), port(node)).withDatabase(settings.database()), settings);
    }

    /**
     * Sentinel: every sentinel (with the sentinels' password), the master's name and its database. The user name
     * and password are the master's; TLS, set after the sentinels were added, applies to them as well.
     */
    static RedisURI sentinel(RedisSettings settings) {
        RedisSentinel sentinel = settings.sentinel();
        String first = sentinel.nodes().get(0);
        RedisURI.Builder uri = sentinel.password().isEmpty()
                ? RedisURI.Builder.sentinel(host(first), port(first), sentinel.master())
                : RedisURI.Builder.sentinel(host(first), port(first), sentinel.master(), sentinel.password());
        for (String node : sentinel.nodes().subList(1, sentinel.nodes().size())) {
            if (sentinel.password().isEmpty()) {
                uri.withSentinel(host(node), port(node));
            } else {
                uri.withSentinel(host(node), port(node), sentinel.password());
            }
        }
        return dataNode(uri.withDatabase(settings.database()), settings);
    }

    private static RedisURI dataNode(RedisURI.Builder uri, RedisSettings settings) {
        uri.withTimeout(settings.commandTimeout())
                .withSsl(settings.tls().enabled())
                .withVerifyPeer(settings.tls().verifyPeer());
        if (!settings.username().isEmpty()) {
            uri.withAuthentication(settings.username(), settings.password());
        } else if (!settings.password().isEmpty()) {
            uri.withPassword(settings.password().toCharArray());
        }
        return uri.build();
    }

    private static String host(String node) {
        return node.substring(0, node.lastIndexOf(':'));
    }

    private static int port(String node) {
        return Integer.parseInt(node.substring(node.lastIndexOf(':') + 1));
    }
}
