package io.relaymq.localinfra.stack;

import io.relaymq.localinfra.postgres.DatabaseSpec;
import java.nio.file.Path;

/**
 * What to start and where. {@code durable} is for the local run (Redis append-only file, PostgreSQL
 * fsync, full-speed Kafka JVM, preferred well-known ports); tests use throw-away, fast settings.
 *
 * @param workDir        folder that holds every server's data and logs
 * @param kafkaNodes     1 (default) or 3 combined broker+controller nodes
 * @param redisMasters   masters of the Redis Cluster (3 by default)
 * @param redisReplicas  replicas per master (0 or 1)
 * @param kafka          start Kafka (false when an external one is used)
 * @param redis          start Redis Cluster
 * @param postgres       start PostgreSQL
 * @param durable        keep data safe across restarts and prefer well-known ports
 * @param database       database and role for the broker
 * @param redisAppendOnly Redis append-only file on even when not durable, so that a stop of the whole
 *                       Redis Cluster keeps its data (the fault suite)
 */
public record StackSettings(
        Path workDir,
        int kafkaNodes,
        int redisMasters,
        int redisReplicas,
        boolean kafka,
        boolean redis,
        boolean postgres,
        boolean durable,
        DatabaseSpec database,
        boolean redisAppendOnly) {

    public StackSettings {
        if (kafkaNodes != 1 && kafkaNodes != 3) {
            throw new IllegalArgumentException("kafkaNodes must be 1 or 3, was " + kafkaNodes);
        }
        if (redisMasters < 3) {
            throw new IllegalArgumentException("a Redis Cluster needs at least 3 masters, was " + redisMasters);
        }
        if (redisReplicas < 0 || redisReplicas > 1) {
            throw new IllegalArgumentException("redisReplicas must be 0 or 1, was " + redisReplicas);
        }
    }

    public static StackSettings forTests(Path workDir) {
        return new StackSettings(workDir, 1, 3, 0, true, true, true, false, DatabaseSpec.defaults(), false);
    }

    public static StackSettings forRun(Path workDir) {
        return new StackSettings(workDir, 1, 3, 0, true, true, true, true, DatabaseSpec.defaults(), true);
    }

    public StackSettings withKafkaNodes(int nodes) {
        return new StackSettings(
                workDir,
                nodes,
                redisMasters,
                redisReplicas,
                kafka,
                redis,
                postgres,
                durable,
                database,
                redisAppendOnly);
    }

    public StackSettings withRedisReplicas(int replicas) {
        return new StackSettings(
                workDir,
                kafkaNodes,
                redisMasters,
                replicas,
                kafka,
                redis,
                postgres,
                durable,
                database,
                redisAppendOnly);
    }

    public StackSettings withComponents(boolean startKafka, boolean startRedis, boolean startPostgres) {
        return new StackSettings(
                workDir,
                kafkaNodes,
                redisMasters,
                redisReplicas,
                startKafka,
                startRedis,
                startPostgres,
                durable,
                database,
                redisAppendOnly);
    }

    /** With the Redis append-only file on (data survives a stop of every Redis node). */
    public StackSettings withRedisAppendOnly() {
        return new StackSettings(
                workDir, kafkaNodes, redisMasters, redisReplicas, kafka, redis, postgres, durable, database, true);
    }

    public int redisNodeCount() {
        return redisMasters * (1 + redisReplicas);
    }
}
