package io.relaymq.broker.persistence.application;

import io.relaymq.broker.kafka.ConsumerLoop;
import io.relaymq.broker.kafka.ConsumerLoops;
import io.relaymq.broker.kafka.KafkaClients;
import io.relaymq.broker.kafka.LoopPlan;
import io.relaymq.broker.kafka.TopicProvisioner;
import io.relaymq.broker.subscription.Subscription;
import io.relaymq.dao.appsession.ApplicationSessionCtx;
import io.relaymq.dao.appsession.ApplicationSessionCtxRepository;
import io.relaymq.dao.appshared.AppSharedSubscription;
import io.relaymq.dao.appshared.AppSharedSubscriptionRepository;
import io.relaymq.dao.jdbc.Jdbc;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;

/**
 * What APPLICATION sessions need off their event loop: a reader thread per connected client, topic
 * creation, and loading and saving their in-flight context in PostgreSQL.
 */
public class ApplicationReaders implements AppSessionStore, DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(ApplicationReaders.class);

    private final ApplicationPersistenceProperties settings;
    private final KafkaClients clients;
    private final ConsumerLoops loops;
    /** The reader and forwarder loops started here and not yet ended. */
    private final Set<ConsumerLoop> running = ConcurrentHashMap.newKeySet();

    private final TopicProvisioner topics;
    private final ApplicationSessionCtxRepository contexts;
    private final ExecutorService blocking = Executors.newFixedThreadPool(2, named("app-ctx"));

    private final AppSharedSubscriptionRepository sharedRegistry;
    private final Admin admin;
    private final Predicate<String> inUse;
    private final ScheduledExecutorService timer =
            Executors.newSingleThreadScheduledExecutor(named("app-topic-janitor"));
    private final Producer<byte[], byte[]> forwardProducer;
    /** Ended sessions whose topic waits for its removal: they still hold a topic. */
    private final Set<String> awaitingRemoval = ConcurrentHashMap.newKeySet();

    public ApplicationReaders(
            ApplicationPersistenceProperties settings,
            KafkaClients clients,
            ConsumerLoops loops,
            TopicProvisioner topics,
            ApplicationSessionCtxRepository contexts,
            AppSharedSubscriptionRepository sharedRegistry,
            Admin admin,
            Predicate<String> inUse) {
        this.admin = admin;
        this.inUse = inUse;
        this.settings = settings;
        this.clients = clients;
        this.loops = loops;
        this.topics = topics;
        this.contexts = contexts;
        this.sharedRegistry = sharedRegistry;
        this.forwardProducer =
                clients.producer(new KafkaClients.ProducerSpec("app-shared-forward", "all", 1, 65536, null));
    }

    /**
     * Makes {@code clientId} a member of its shared subscription's consumer group (one per share name and
     * filter). The filter's topic is created on the first such subscription, with the partitions of its
     * registry entry (registered here with the default count when missing).
     */
    @Override
    public SharedGroupForwarder startShared(String clientId, Subscription subscription) {
        String filter = subscription.filter().filter();
        String topic = AppTopicNames.forSharedFilter(filter);
        String group = AppTopicNames.sharedGroup(
                settings.consumerGroupPrefix(), subscription.filter().shareGroup(), filter);
        String purpose = "app-shared-" + AppTopicNames.clientSegment(clientId);
        SharedGroupForwarder forwarder = new SharedGroupForwarder(clientId, subscription, forwardProducer);
        forwarder.start(started(forwarder.plan(() -> {
            topics.ensure(topic, sharedPartitions(filter), settings.replicationFactor(), settings.topicRetention());
            // a new group starts at the time of its SUBSCRIBE (see SharedGroupForwarder); this applies only to a
            // committed offset out of range, which must not skip what the topic still holds
            return clients.dataConsumer(purpose, group, settings.maxPollRecords(), KafkaClients.Start.EARLIEST);
        })));
        return forwarder;
    }

    private int sharedPartitions(String filter) {
        return sharedRegistry
                .findByTopic(filter)
                .map(AppSharedSubscription::partitions)
                .orElseGet(() -> {
                    try {
                        sharedRegistry.insert(new AppSharedSubscription(
                                UUID.randomUUID(),
                                System.currentTimeMillis(),
                                filter,
                                filter,
                                settings.sharedPartitions()));
                    } catch (Jdbc.DataAccessException e) {
                        if (!e.isDuplicateKey()) {
                            throw e;
                        }
                    }
                    return sharedRegistry
                            .findByTopic(filter)
                            .map(AppSharedSubscription::partitions)
                            .orElse(settings.sharedPartitions());
                });
    }

    @Override
    public int maxBuffered() {
        return settings.maxBuffered();
    }

    @Override
    public AppTopicReader start(String clientId, boolean startAtEnd, ReadAhead buffered, AppTopicReader.Sink sink) {
        String topic = AppTopicNames.forClient(clientId);
        awaitingRemoval.remove(clientId);
        int rate = settings.replayRate();
        // small polls when throttled, so the rate holds over short spans too
        int pollRecords =
                rate > 0 ? Math.max(1, Math.min(settings.maxPollRecords(), rate / 10)) : settings.maxPollRecords();
        String purpose = "app-" + AppTopicNames.clientSegment(clientId);
        AppTopicReader reader = new AppTopicReader(clientId, topic, startAtEnd, rate, buffered, sink);
        reader.start(started(reader.plan(() -> {
            topics.ensure(topic, 1, settings.replicationFactor(), settings.topicRetention());
            return clients.dataConsumer(purpose, groupOf(clientId), pollRecords, KafkaClients.Start.EARLIEST);
        })));
        return reader;
    }

    /** A loop for {@code plan}, remembered until its thread ends so that shutdown can stop it. */
    private ConsumerLoop started(LoopPlan plan) {
        ConsumerLoop loop = loops.create(plan);
        // not yet started: only loops whose thread already ended are dropped
        running.removeIf(ConsumerLoop::ended);
        running.add(loop);
        return loop;
    }

    String groupOf(String clientId) {
        return AppTopicNames.clientGroup(settings.consumerGroupPrefix(), clientId);
    }

    @Override
    public void loadContext(String clientId, Consumer<Optional<ApplicationSessionCtx>> then) {
        blocking.execute(() -> {
            Optional<ApplicationSessionCtx> ctx = Optional.empty();
            try {
                ctx = contexts.find(clientId);
            } catch (RuntimeException e) {
                log.warn(
                        "[{}] in-flight context not loaded, redelivery starts at the committed offset: {}",
                        clientId,
                        e.getMessage());
            }
            then.accept(ctx);
        });
    }

    @Override
    public CompletableFuture<Void> saveContext(ApplicationSessionCtx ctx) {
        return CompletableFuture.runAsync(
                () -> {
                    try {
                        if (ctx.publishes().isEmpty() && ctx.pubrels().isEmpty()) {
                            contexts.delete(ctx.clientId());
                        } else {
                            contexts.save(ctx);
                        }
                    } catch (RuntimeException e) {
                        log.warn("[{}] in-flight context not saved", ctx.clientId(), e);
                    }
                },
                blocking);
    }

    /**
     * A persistent APPLICATION session ended: unless the client has an APPLICATION session again by then,
     * its topic, consumer group and context go after the grace period (when enabled).
     */
    @Override
    public void scheduleRemoval(String clientId) {
        if (!settings.deleteRemovedTopics()) {
            return;
        }
        awaitingRemoval.add(clientId);
        timer.schedule(
                () -> {
                    awaitingRemoval.remove(clientId);
                    if (inUse.test(clientId)) {
                        log.debug("[{}] topic kept: the client has an APPLICATION session again", clientId);
                        return;
                    }
                    discard(clientId);
                },
                settings.removedTopicGrace().toMillis(),
                TimeUnit.MILLISECONDS);
    }

    /** Ended sessions of this node whose topic is still to be deleted. */
    int awaitingRemoval() {
        return awaitingRemoval.size();
    }

    /** Deletes the client's topic, consumer group and in-flight context. */
    void discard(String clientId) {
        blocking.execute(() -> {
            String topic = AppTopicNames.forClient(clientId);
            try {
                contexts.delete(clientId);
                admin.deleteTopics(List.of(topic)).all().get(30, TimeUnit.SECONDS);
                log.info("[{}] deleted Kafka topic {} of the removed APPLICATION session", clientId, topic);
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) {
                    log.warn(
                            "[{}] topic {} not deleted: {}",
                            clientId,
                            topic,
                            e.getCause().getMessage());
                }
            } catch (Exception e) {
                log.warn("[{}] topic {} not deleted: {}", clientId, topic, e.getMessage());
            }
            try {
                admin.deleteConsumerGroups(List.of(groupOf(clientId))).all().get(30, TimeUnit.SECONDS);
            } catch (Exception e) {
                log.debug("[{}] consumer group not deleted: {}", clientId, e.getMessage());
            }
        });
    }

    @Override
    public void destroy() throws InterruptedException {
        // readers and forwarders end before the producer they forward with closes
        running.forEach(ConsumerLoop::requestStop);
        running.forEach(ConsumerLoop::stop);
        forwardProducer.close(Duration.ofSeconds(5));
        timer.shutdownNow();
        blocking.shutdown();
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
