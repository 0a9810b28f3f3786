package io.relaymq.broker.persistence.application;

import io.relaymq.broker.auth.Authenticator;
import io.relaymq.broker.cluster.SessionReplica;
import io.relaymq.broker.kafka.ConsumerLoops;
import io.relaymq.broker.kafka.KafkaClients;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.broker.kafka.TopicProvisioner;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.SessionRegistry;
import io.relaymq.common.client.ClientType;
import io.relaymq.dao.appsession.ApplicationSessionCtxRepository;
import io.relaymq.dao.appshared.AppSharedSubscription;
import io.relaymq.dao.appshared.AppSharedSubscriptionRepository;
import java.time.Duration;
import org.apache.kafka.clients.admin.Admin;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(ApplicationPersistenceProperties.class)
class ApplicationPersistenceConfiguration {

    private static final Duration REGISTRY_REFRESH = Duration.ofSeconds(5);

    @Bean
    ApplicationReaders applicationReaders(
            ApplicationPersistenceProperties settings,
            KafkaClients clients,
            ConsumerLoops loops,
            TopicProvisioner topics,
            ApplicationSessionCtxRepository contexts,
            AppSharedSubscriptionRepository sharedRegistry,
            Admin admin,
            SessionReplica sessions,
            KafkaProperties kafka) {
        // refuses to start on topics of a layout this node does not own, before any client is served
        AppTopicLayout.verify(admin, kafka.apiTimeout().toMillis());
        // in use: the cluster knows an APPLICATION session of the client (connected or waiting for it)
        return new ApplicationReaders(
                settings,
                clients,
                loops,
                topics,
                contexts,
                sharedRegistry,
                admin,
                clientId -> sessions.get(clientId)
                        .map(info -> ClientType.APPLICATION
                                .name()
                                .equals(info.details().clientType()))
                        .orElse(false));
    }

    /** Deletes client topics left without an APPLICATION session (the admin API's {@code remove-topics}). */
    @Bean
    OrphanAppTopics orphanAppTopics(
            Admin admin,
            SessionReplica sessions,
            SessionRegistry registry,
            ApplicationPersistenceProperties settings,
            KafkaProperties kafka) {
        return new OrphanAppTopics(admin, sessions, registry, settings.consumerGroupPrefix(), kafka.apiTimeout());
    }

    /** Caps the APPLICATION clients of this node, right after authentication. */
    @Bean
    ApplicationClientCap applicationClientCap(
            Authenticator authenticator,
            ApplicationPersistenceProperties settings,
            SessionRegistry registry,
            ApplicationReaders readers) {
        return new ApplicationClientCap(
                authenticator,
                settings.maxClients(),
                clientId -> {
                    ClientSession held = registry.get(clientId);
                    return held != null && held.clientType() == ClientType.APPLICATION;
                },
                () -> registry.applications() + readers.awaitingRemoval());
    }

    /** Caps the topic filters of APPLICATION shared subscriptions, cluster-wide. */
    @Bean
    SharedFilterCap sharedFilterCap(
            ApplicationPersistenceProperties settings, AppSharedSubscriptionRepository sharedRegistry) {
        return new SharedFilterCap(
                        settings.maxSharedSubscriptions(),
                        () -> sharedRegistry.page("", "topic", true, Integer.MAX_VALUE, 0).stream()
                                .map(AppSharedSubscription::topic)
                                .toList(),
                        System::currentTimeMillis)
                .refreshEvery(REGISTRY_REFRESH);
    }
}
