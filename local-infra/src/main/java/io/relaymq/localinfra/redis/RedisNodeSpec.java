package io.relaymq.localinfra.redis;

import java.io.File;
import java.nio.file.Path;

/** One redis-server of the cluster; {@code replicaOf} is the index of its master, or -1 for a master. */
public record RedisNodeSpec(int port, Path dir, int replicaOf) {

    public boolean isMaster() {
        return replicaOf < 0;
    }

    public String address() {
        return "127.0.0.1:" + port;
    }

    public boolean hasClusterConfig() {
        File conf = dir.resolve("nodes.conf").toFile();
        return conf.isFile() && conf.length() > 0;
    }
}
