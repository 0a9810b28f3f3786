package io.relaymq.dao.redis;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** How RelayMQ reaches Redis ({@code REDIS_CONNECTION_TYPE}). */
public enum RedisConnectionType {
    /** A Redis Cluster found through seed nodes; slots and failovers are followed. */
    CLUSTER,
    /** One Redis server (or a managed primary endpoint that moves on failover). */
    STANDALONE,
    /** The master of a group that Redis Sentinel names, asked of the sentinels on every (re)connect. */
    SENTINEL;

    /** The value as it is written in the settings. */
    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses a REDIS_CONNECTION_TYPE value (case-insensitive). */
    public static RedisConnectionType parse(String value) {
        String wanted = value == null ? "" : value.strip();
        return Arrays.stream(values())
                .filter(type -> type.value().equalsIgnoreCase(wanted))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("REDIS_CONNECTION_TYPE must be one of "
                        + Arrays.stream(values())
                                .map(RedisConnectionType::value)
                                .collect(Collectors.joining(", "))
                        + ", was '" + wanted + "'"));
    }
}
