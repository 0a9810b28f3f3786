package io.relaymq.localinfra.stack;

import io.relaymq.localinfra.kafka.KafkaCluster;
import io.relaymq.localinfra.kafka.KafkaJvmOptions;
import io.relaymq.localinfra.kafka.KafkaNodeSpec;
import io.relaymq.localinfra.kafka.KafkaRuntime;
import io.relaymq.localinfra.postgres.PostgresServer;
import io.relaymq.localinfra.postgres.PostgresServers;
import io.relaymq.localinfra.redis.RedisBinary;
import io.relaymq.localinfra.redis.RedisCluster;
import io.relaymq.localinfra.redis.RedisNodeSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Kafka, Redis Cluster and PostgreSQL on loopback, each server a process of its own, all data under
 * one work folder. Start runs the three in parallel and returns when each is really ready; when one
 * fails the others are stopped again.
 */
public final class LocalStack implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(LocalStack.class);

    private final StackSettings settings;
    private final ExternalServers external;
    private final PortPlan ports;
    private final Optional<KafkaCluster> kafka;
    private final Optional<RedisCluster> redis;
    private final Optional<PostgresServer> postgres;
    private final List<String> summary = new ArrayList<>();

    private LocalStack(
            StackSettings settings,
            ExternalServers external,
            PortPlan ports,
            Optional<KafkaCluster> kafka,
            Optional<RedisCluster> redis,
            Optional<PostgresServer> postgres) {
        this.settings = settings;
        this.external = external;
        this.ports = ports;
        this.kafka = kafka;
        this.redis = redis;
        this.postgres = postgres;
    }

    /** Builds the stack for {@code settings} (nothing is started yet). */
    public static LocalStack create(StackSettings requested, ExternalServers external) {
        StackSettings settings = external.applyTo(requested);
        PortPlan ports = PortPlan.forStack(settings);
        Path work = settings.workDir();
        Optional<KafkaCluster> kafka = Optional.empty();
        if (settings.kafka()) {
            List<KafkaNodeSpec> nodes = new ArrayList<>();
            for (int i = 0; i < settings.kafkaNodes(); i++) {
                nodes.add(new KafkaNodeSpec(
                        i + 1,
                        ports.kafka().get(i),
                        ports.kafkaControllers().get(i),
                        work.resolve("kafka").resolve("node-" + (i + 1))));
            }
            kafka = Optional.of(new KafkaCluster(
                    KafkaRuntime.locate(),
                    nodes,
                    settings.durable() ? KafkaJvmOptions.forRun() : KafkaJvmOptions.forTests()));
        }
        Optional<RedisCluster> redis = Optional.empty();
        if (settings.redis()) {
            List<RedisNodeSpec> nodes = new ArrayList<>();
            for (int i = 0; i < settings.redisNodeCount(); i++) {
                int replicaOf = i < settings.redisMasters() ? -1 : i % settings.redisMasters();
                int port = ports.redis().get(i);
                nodes.add(new RedisNodeSpec(port, work.resolve("redis").resolve(Integer.toString(port)), replicaOf));
            }
            redis = Optional.of(new RedisCluster(
                    RedisBinary.resolve(cacheDir()), nodes, settings.durable() || settings.redisAppendOnly()));
        }
        Optional<PostgresServer> postgres = settings.postgres()
                ? Optional.of(PostgresServers.create(
                        work.resolve("postgres"), ports.postgres(), settings.database(), settings.durable()))
                : Optional.empty();
        return new LocalStack(settings, external, ports, kafka, redis, postgres);
    }

    /** Starts every local server in parallel and waits until all are ready. */
    public LocalStack start() {
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            List<CompletableFuture<Void>> starts = new ArrayList<>();
            kafka.ifPresent(k -> starts.add(timed(
                    pool, "Kafka (" + k.nodes().size() + " KRaft node(s)) on " + k.bootstrapServers(), k::start)));
            redis.ifPresent(r -> starts.add(
                    timed(pool, "Redis Cluster (" + r.nodes().size() + " nodes) on " + r.nodeAddresses(), r::start)));
            postgres.ifPresent(p -> starts.add(timed(pool, p.description() + " on " + p.jdbcUrl(), p::start)));
            CompletableFuture.allOf(starts.toArray(CompletableFuture[]::new)).join();
        } catch (CompletionException e) {
            stop();
            throw e.getCause() instanceof RuntimeException r ? r : e;
        } finally {
            pool.shutdown();
        }
        endpoints().writeTo(settings.workDir().resolve(StackEndpoints.ENV_FILE));
        return this;
    }

    private CompletableFuture<Void> timed(ExecutorService pool, String what, Runnable start) {
        return CompletableFuture.runAsync(
                () -> {
                    long began = System.nanoTime();
                    start.run();
                    String line = String.format("%-70s ready in %5.1f s", what, (System.nanoTime() - began) / 1e9);
                    synchronized (summary) {
                        summary.add(line);
                    }
                    log.info(line);
                },
                pool);
    }

    /** Where the servers are; empty for a server that is neither started here nor external (partial stacks). */
    public StackEndpoints endpoints() {
        String bootstrap =
                kafka.map(KafkaCluster::bootstrapServers).or(external::kafka).orElse("");
        String redisNodes =
                redis.map(RedisCluster::nodeAddresses).or(external::redisNodes).orElse("");
        return postgres.map(p -> new StackEndpoints(
                        bootstrap,
                        redisNodes,
                        p.jdbcUrl(),
                        p.database().user(),
                        p.database().password()))
                .orElseGet(() -> new StackEndpoints(
                        bootstrap,
                        redisNodes,
                        external.jdbcUrl().orElse(""),
                        external.jdbcUser(),
                        external.jdbcPassword()));
    }

    /** One line per started server: what, where, how long it took. */
    public List<String> summary() {
        synchronized (summary) {
            return List.copyOf(summary);
        }
    }

    public StackSettings settings() {
        return settings;
    }

    public PortPlan ports() {
        return ports;
    }

    public Optional<KafkaCluster> kafka() {
        return kafka;
    }

    public Optional<RedisCluster> redis() {
        return redis;
    }

    public Optional<PostgresServer> postgres() {
        return postgres;
    }

    /** Graceful stop of every server, broker-facing ones first. */
    public void stop() {
        kafka.ifPresent(KafkaCluster::stop);
        redis.ifPresent(RedisCluster::stop);
        postgres.ifPresent(PostgresServer::stop);
    }

    /** SIGKILL of every server: for throw-away test stacks, where a graceful stop only costs time. */
    public void kill() {
        kafka.ifPresent(KafkaCluster::kill);
        redis.ifPresent(RedisCluster::kill);
        postgres.ifPresent(PostgresServer::kill);
    }

    @Override
    public void close() {
        if (settings.durable()) {
            stop();
        } else {
            kill();
        }
    }

    /** Where extracted binaries are cached between runs. */
    static Path cacheDir() {
        return Path.of(System.getProperty("user.home"), ".cache", "relaymq");
    }
}
