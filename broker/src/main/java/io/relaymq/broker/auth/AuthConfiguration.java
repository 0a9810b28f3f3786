package io.relaymq.broker.auth;

import io.micrometer.core.instrument.MeterRegistry;
import io.relaymq.broker.auth.blocked.BlockedClients;
import io.relaymq.broker.auth.blocked.ExpiredBlockSweeper;
import io.relaymq.broker.auth.lanes.AuthBackoff;
import io.relaymq.broker.auth.lanes.AuthLanesProperties;
import io.relaymq.broker.auth.lanes.AuthQueue;
import io.relaymq.broker.auth.lanes.HashLanes;
import io.relaymq.broker.auth.provider.AuthProviders;
import io.relaymq.broker.auth.provider.BasicAuthProvider;
import io.relaymq.broker.auth.provider.CredentialsLookup;
import io.relaymq.broker.auth.provider.HttpAuthProvider;
import io.relaymq.broker.auth.provider.JwtAuthProvider;
import io.relaymq.broker.auth.provider.PasswordChecker;
import io.relaymq.broker.auth.provider.ScramAuthProvider;
import io.relaymq.broker.auth.provider.ScramServer;
import io.relaymq.broker.auth.provider.X509AuthProvider;
import io.relaymq.broker.cluster.NodeRegistry;
import io.relaymq.broker.cluster.StateWrites;
import io.relaymq.broker.kafka.ConsumerLoops;
import io.relaymq.broker.kafka.KafkaClients;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.broker.node.NodeProperties;
import io.relaymq.common.node.NodeId;
import io.relaymq.dao.auth.AuthProviderRepository;
import io.relaymq.dao.auth.UnauthorizedClientRepository;
import io.relaymq.dao.credentials.CredentialsRepository;
import io.relaymq.dao.credentials.ScramSecretRepository;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Wires MQTT client authentication and authorization. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({AuthProperties.class, HttpAuthProperties.class, ScramProperties.class})
class AuthConfiguration {

    private static final Logger log = LoggerFactory.getLogger(AuthConfiguration.class);

    @Bean
    CredentialsLookup credentialsLookup(CredentialsRepository repository, AuthProperties auth) {
        return new CredentialsLookup(repository, auth.credentialsCacheTtl());
    }

    /** The bcrypt threads, with a bounded lane per client address. */
    @Bean(destroyMethod = "close")
    HashLanes hashLanes(AuthLanesProperties lanes) {
        return new HashLanes(lanes.effectiveHashThreads(), lanes.hashQueueSize(), lanes.hashQueuePerAddress());
    }

    @Bean
    AuthBackoff authBackoff(AuthLanesProperties lanes) {
        return new AuthBackoff(
                lanes.backoffFailuresPerAddress(),
                lanes.backoffFailuresPerCredentials(),
                lanes.backoffMax(),
                System::nanoTime);
    }

    @Bean
    PasswordChecker passwordChecker(AuthProperties auth, MeterRegistry meters, HashLanes hashLanes) {
        return new PasswordChecker(auth.passwordCacheTtl(), auth.passwordCacheSize(), meters, hashLanes);
    }

    @Bean
    X509AuthProvider x509AuthProvider(CredentialsLookup lookup) {
        return new X509AuthProvider(lookup);
    }

    /** The HTTP client's threads (daemons: an exchange under way does not hold up shutdown). */
    @Bean(destroyMethod = "shutdownNow")
    ExecutorService httpAuthThreads(HttpAuthProperties http) {
        AtomicInteger count = new AtomicInteger();
        return Executors.newFixedThreadPool(http.threads(), r -> {
            Thread thread = new Thread(r, "http-auth-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
    }

    @Bean
    HttpAuthProvider httpAuthProvider(
            HttpAuthProperties http, ExecutorService httpAuthThreads, AuthBackoff authBackoff) {
        return new HttpAuthProvider(http.maxResponseSize(), httpAuthThreads, authBackoff);
    }

    @Bean
    AuthProviders authProviders(
            AuthProviderRepository repository,
            AuthProperties auth,
            X509AuthProvider x509,
            HttpAuthProvider http,
            CredentialsLookup lookup,
            PasswordChecker passwords,
            AuthBackoff backoff) {
        AuthProviders providers = new AuthProviders(
                repository,
                List.of(
                        x509,
                        new JwtAuthProvider(),
                        new BasicAuthProvider(lookup, passwords, backoff),
                        http,
                        new ScramAuthProvider()),
                auth.providerOrder());
        providers.reload();
        return providers;
    }

    @Bean
    LiveGrants liveGrants(CredentialsRepository repository) {
        return new LiveGrants(repository);
    }

    @Bean
    AuthChanges authChanges(
            AuthProperties auth,
            KafkaProperties kafka,
            KafkaClients clients,
            ConsumerLoops loops,
            Admin admin,
            NodeId nodeId,
            NodeProperties node,
            CredentialsLookup lookup,
            LiveGrants grants,
            AuthProviders providers,
            Clock clock,
            StateWrites writes) {
        return new AuthChanges(
                auth, kafka, clients, loops, admin, nodeId, node, lookup, grants, providers, clock, writes);
    }

    @Bean
    BlockedClients blockedClients(
            AuthProperties auth,
            KafkaProperties kafka,
            KafkaClients clients,
            ConsumerLoops loops,
            Admin admin,
            NodeId nodeId,
            NodeProperties node,
            Clock clock,
            StateWrites writes) {
        return new BlockedClients(auth.blockedTopic(), kafka, clients, loops, admin, nodeId, node, clock, writes);
    }

    @Bean
    ExpiredBlockSweeper expiredBlockSweeper(
            BlockedClients blocked, NodeRegistry registry, Clock clock, AuthProperties auth) {
        return new ExpiredBlockSweeper(blocked, registry, clock, auth.blockedTtl(), auth.blockedCleanupInterval());
    }

    @Bean
    UnauthorizedClientLog unauthorizedClientLog(
            UnauthorizedClientRepository repository, AuthProperties auth, Clock clock) {
        return new UnauthorizedClientLog(repository, auth, clock);
    }

    /**
     * Bounded: when credentials cannot be checked fast enough, new CONNECTs are refused as "server busy";
     * addresses without recent wrong passwords are served first.
     */
    @Bean(destroyMethod = "close")
    AuthQueue authQueue(AuthProperties auth, AuthLanesProperties lanes) {
        return new AuthQueue(auth.threads(), lanes.queueSize());
    }

    @Bean
    Authenticator authenticator(
            AuthProviders providers,
            BlockedClients blocked,
            UnauthorizedClientLog unauthorized,
            AuthProperties auth,
            AuthQueue authQueue,
            HashLanes hashLanes,
            LiveGrants grants,
            ClientCertificateValidator certificates,
            AuthBackoff backoff,
            AuthLanesProperties lanes,
            ScramAuthenticator scram) {
        if (auth.allowAnonymous()) {
            log.warn(
                    "anonymous MQTT clients are accepted (MQTT_AUTH_ALLOW_ANONYMOUS=true): use this only for local runs");
        }
        String pattern = auth.anonymousApplicationClientIds();
        return new Authenticator(
                providers,
                blocked,
                unauthorized,
                auth.allowAnonymous(),
                pattern == null || pattern.isBlank() ? null : Pattern.compile(pattern),
                authQueue,
                hashLanes,
                grants,
                certificates,
                backoff,
                lanes.refusalDelay(),
                scram);
    }

    @Bean
    ScramServer scramServer(CredentialsLookup lookup, ScramSecretRepository secrets, ScramProperties scram) {
        return new ScramServer(lookup, secrets::secret, scram.iterations());
    }

    @Bean
    ScramAuthenticator scramAuthenticator(
            AuthProviders providers,
            ScramServer server,
            BlockedClients blocked,
            UnauthorizedClientLog unauthorized,
            AuthQueue authQueue,
            AuthBackoff backoff,
            AuthLanesProperties lanes) {
        return new ScramAuthenticator(
                providers, server, blocked, unauthorized, authQueue, backoff, lanes.refusalDelay());
    }

    @Bean
    CredentialsService credentialsService(
            CredentialsRepository repository, AuthChanges changes, Clock clock, ScramProperties scram) {
        return new CredentialsService(repository, changes, clock, new ScramSecrets(scram.iterations()));
    }

    @Bean
    AuthProviderService authProviderService(AuthProviderRepository repository, AuthChanges changes) {
        return new AuthProviderService(repository, changes);
    }
}
