package io.relaymq.broker.persistence.application;

import io.relaymq.broker.kafka.KafkaClientConfigs;
import io.relaymq.broker.kafka.TopicProvisioner;
import io.relaymq.dao.appsession.ApplicationSessionCtx;
import io.relaymq.dao.appsession.ApplicationSessionCtxRepository;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;

/**
 * What APPLICATION sessions need off their event loop: a reader thread per connected client, topic
 * creation, and loading and saving their in-flight context in PostgreSQL.
 */
public class ApplicationReaders implements DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(ApplicationReaders.class);

    private final ApplicationPersistenceProperties settings;
    private final KafkaClientConfigs configs;
    private final TopicProvisioner topics;
    private final ApplicationSessionCtxRepository contexts;
    private final ExecutorService readers = Executors.newCachedThreadPool(named("app-reader"));
    private final ExecutorService blocking = Executors.newFixedThreadPool(2, named("app-ctx"));

    public ApplicationReaders(ApplicationPersistenceProperties settings, KafkaClientConfigs configs, TopicProvisioner topics,
                              ApplicationSessionCtxRepository contexts) {
        this.settings = settings;
        this.configs = configs;
        this.topics = topics;
        this.contexts = contexts;
    }

    AppTopicReader start(String clientId, boolean startAtEnd, AtomicInteger buffered,
                         Consumer<List<AppTopicReader.Record>> sink) {
        String topic = AppTopicNames.forClient(clientId);
        int rate = settings.replayRate();
        // small polls when throttled, so the rate holds over short spans too
        int pollRecords = rate > 0 ? Math.max(1, Math.min(settings.maxPollRecords(), rate / 10)) : settings.maxPollRecords();
        Map<String, Object> config = configs.consumer("app-" + clientId, groupOf(clientId), pollRecords);
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        AppTopicReader reader = new AppTopicReader(clientId, topic, config, startAtEnd, rate, buffered,
                settings.maxBuffered(), sink, () -> topics.ensure(topic, 1, settings.replicationFactor(),
                settings.topicRetention()));
        readers.execute(reader);
        return reader;
    }

    String groupOf(String clientId) {
        return settings.consumerGroupPrefix() + AppTopicNames.forClient(clientId).substring(AppTopicNames.CLIENT_PREFIX.length());
    }

    void loadContext(String clientId, Consumer<Optional<ApplicationSessionCtx>> then) {
        blocking.execute(() -> {
            Optional<ApplicationSessionCtx> ctx = Optional.empty();
            try {
                ctx = contexts.find(clientId);
            } catch (RuntimeException e) {
                log.warn("[{}] in-flight context not loaded, redelivery starts at the committed offset: {}", clientId,
                        e.getMessage());
            }
            then.accept(ctx);
        });
    }

    void saveContext(ApplicationSessionCtx ctx) {
        blocking.execute(() -> {
            try {
                if (ctx.publishes().isEmpty() && ctx.pubrels().isEmpty()) {
                    contexts.delete(ctx.clientId());
                } else {
                    contexts.save(ctx);
                }
            } catch (RuntimeException e) {
                log.warn("[{}] in-flight context not saved: {}", ctx.clientId(), e.getMessage());
            }
        });
    }

    void deleteContext(String clientId) {
        blocking.execute(() -> {
            try {
                contexts.delete(clientId);
            } catch (RuntimeException e) {
                log.warn("[{}] in-flight context not deleted: {}", clientId, e.getMessage());
            }
        });
    }

    @Override
    public void destroy() {
        readers.shutdownNow();
        blocking.shutdown();
    }

    private static java.util.concurrent.ThreadFactory named(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
