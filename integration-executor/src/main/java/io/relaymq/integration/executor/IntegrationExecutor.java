package io.relaymq.integration.executor;

import io.micrometer.core.instrument.MeterRegistry;
import io.relaymq.integration.model.IntegrationRecords;
import io.relaymq.integration.model.IntegrationStatusRecords;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;

/**
 * Delivers the messages routed to integrations: reads the definitions, keeps a target open per enabled
 * integration, delivers the messages topic at least once and in order per integration, dead-letters what
 * cannot be delivered and publishes its status. {@link #start} creates missing topics first; {@link #close}
 * stops promptly and commits only what was finished.
 */
public final class IntegrationExecutor implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(IntegrationExecutor.class);
    private static final Duration RECONCILE = Duration.ofMillis(250);

    private final IntegrationExecutorProperties properties;
    private final ExecutorClients clients;
    private final Targets targets;
    private final JsonMapper mapper;
    private final MeterRegistry meters;
    private final Clock clock;
    private final StatusBoard board;
    private ScheduledExecutorService housekeeping;
    private ScheduledExecutorService pool;
    private KafkaProducer<byte[], byte[]> producer;
    private DefinitionsReplica replica;
    private TargetKeeper keeper;
    private DeliveryLoop loop;
    private Thread loopThread;
    private StatusPublisher status;

    /** {@code properties} must carry a non-blank executor id. */
    public IntegrationExecutor(
            IntegrationExecutorProperties properties,
            Targets targets,
            JsonMapper mapper,
            MeterRegistry meters,
            Clock clock) {
        if (properties.executorId().isBlank()) {
            throw new IllegalArgumentException("the executor id must be set");
        }
        this.properties = properties;
        this.clients = new ExecutorClients(properties);
        this.targets = targets;
        this.mapper = mapper;
        this.meters = meters;
        this.clock = clock;
        this.board = new StatusBoard(properties.executorId(), new ExecutorMetrics(meters), clock);
    }

    public synchronized void start() {
        if (loop != null) {
            return;
        }
        var topics = properties.topics();
        try (Admin admin = clients.admin()) {
            new ExecutorTopics(admin, properties).ensureAll();
        }
        housekeeping = Executors.newSingleThreadScheduledExecutor(named("integration-housekeeping"));
        producer = clients.producer();
        replica = new DefinitionsReplica(
                clients::definitionsConsumer,
                topics.definitions(),
                new IntegrationRecords(mapper),
                properties.maxIntegrations(),
                () -> housekeeping.execute(this::reconcile));
        keeper = new TargetKeeper(replica, targets, board);
        replica.start();
        if (!replica.catchUp(properties.catchUpTimeout())) {
            log.warn("integration definitions not read within {}; going on", properties.catchUpTimeout());
        }
        housekeeping.scheduleWithFixedDelay(this::reconcile, 0, RECONCILE.toMillis(), TimeUnit.MILLISECONDS);
        status = new StatusPublisher(
                board, producer, topics.status(), properties.executorId(), new IntegrationStatusRecords(mapper), clock);
        long interval = properties.statusInterval().toMillis();
        housekeeping.scheduleWithFixedDelay(status, interval, interval, TimeUnit.MILLISECONDS);
        ScheduledThreadPoolExecutor deliveries =
                new ScheduledThreadPoolExecutor(properties.poolSize(), named("integration-delivery"));
        deliveries.setRemoveOnCancelPolicy(true);
        pool = deliveries;
        DeadLetters deadLetters = new DeadLetters(producer, topics.deadLetters(), properties.apiTimeout(), clock);
        Lanes lanes = new Lanes(pool, replica, keeper, deadLetters, board, properties.catchUpTimeout(), clock);
        loop = new DeliveryLoop(
                clients::messagesConsumer,
                topics.messages(),
                lanes,
                properties.maxBufferedRecords(),
                properties.revokeTimeout());
        loopThread = new Thread(loop, "integration-messages");
        loopThread.start();
        log.info(
                "integration executor {} started on {} (group {}, {} delivery threads)",
                properties.executorId(),
                topics.messages(),
                properties.consumerGroup(),
                properties.poolSize());
    }

    /** What this executor has done with each integration. */
    public StatusBoard board() {
        return board;
    }

    public String executorId() {
        return properties.executorId();
    }

    @Override
    public synchronized void close() {
        if (loop == null) {
            return;
        }
        loop.stop();
        join(loopThread);
        pool.shutdownNow();
        await(pool);
        housekeeping.shutdownNow();
        await(housekeeping);
        keeper.close();
        status.withdrawAll();
        producer.close(Duration.ofSeconds(5));
        replica.close();
        loop = null;
        log.info("integration executor {} stopped", properties.executorId());
    }

    private void reconcile() {
        try {
            keeper.reconcile();
        } catch (RuntimeException e) {
            log.error("integration targets not reconciled", e);
        }
    }

    private static void join(Thread thread) {
        try {
            thread.join(15_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void await(ScheduledExecutorService service) {
        try {
            if (!service.awaitTermination(10, TimeUnit.SECONDS)) {
                log.warn("integration executor threads still busy after 10 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static ThreadFactory named(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
