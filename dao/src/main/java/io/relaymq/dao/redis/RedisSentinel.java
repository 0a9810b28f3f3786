package io.relaymq.dao.redis;

import java.util.List;

/**
 * The sentinels to ask for the master of one group ({@link RedisConnectionType#SENTINEL}).
 *
 * @param nodes    sentinels as host:port ({@code REDIS_SENTINEL_NODES}); any one that answers is enough
 * @param master   the name the sentinels monitor the master under ({@code REDIS_SENTINEL_MASTER})
 * @param password the sentinels' own password ({@code requirepass} in sentinel.conf), empty for none
 */
public record RedisSentinel(List<String> nodes, String master, String password) {

    /** No sentinels: the connection types that do not use them. */
    public static final RedisSentinel NONE = new RedisSentinel(List.of(), "", "");

    public RedisSentinel {
        nodes = nodes == null ? List.of() : List.copyOf(nodes);
        master = master == null ? "" : master.strip();
        password = password == null ? "" : password;
    }

    /** Whether any sentinel setting is given. */
    public boolean isSet() {
        return !nodes.isEmpty() || !master.isEmpty() || !password.isEmpty();
    }
}
