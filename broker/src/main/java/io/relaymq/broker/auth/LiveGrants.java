package io.relaymq.broker.auth;

import io.relaymq.broker.auth.acl.AclRules;
import io.relaymq.broker.auth.acl.ClientGrant;
import io.relaymq.broker.auth.provider.BasicAuthProvider;
import io.relaymq.broker.auth.provider.X509AuthProvider;
import io.relaymq.dao.credentials.CredentialsJson;
import io.relaymq.dao.credentials.CredentialsRepository;
import io.relaymq.dao.credentials.CredentialsType;
import io.relaymq.dao.credentials.MqttClientCredentials;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The grants of the clients connected to this node, by the credentials they matched. When credentials
 * change, their connected clients get the new rules at once; when they are deleted (or no longer fit the
 * client), the clients are disconnected with "not authorized".
 */
public final class LiveGrants {

    private static final Logger log = LoggerFactory.getLogger(LiveGrants.class);

    /**
     * A connected client's grant, how to disconnect it, and what to do once its rules changed (its session
     * drops the subscriptions the new rules no longer allow).
     */
    public record Live(String clientId, ClientGrant grant, Runnable revoke, Runnable rulesChanged) {

        public Live(String clientId, ClientGrant grant, Runnable revoke) {
            this(clientId, grant, revoke, () -> {});
        }
    }

    private final Map<String, Set<Live>> byCredentials = new ConcurrentHashMap<>();
    private final CredentialsRepository repository;

    public LiveGrants(CredentialsRepository repository) {
        this.repository = repository;
    }

    public void add(Live live) {
        if (live.grant().credentialsId() != null) {
            byCredentials
                    .computeIfAbsent(live.grant().credentialsId(), k -> ConcurrentHashMap.newKeySet())
                    .add(live);
        }
    }

    public void remove(Live live) {
        String id = live.grant().credentialsId();
        if (id != null) {
            byCredentials.computeIfPresent(id, (k, set) -> {
                set.remove(live);
                return set.isEmpty() ? null : set;
            });
        }
    }

    /** Applies the current state of {@code credentialsId} to the clients connected with it. */
    public void refresh(String credentialsId) {
        Set<Live> connected = byCredentials.get(credentialsId);
        if (connected == null || connected.isEmpty()) {
            return;
        }
        Optional<MqttClientCredentials> current = repository.findByCredentialsId(credentialsId);
        for (Live live : Set.copyOf(connected)) {
            Optional<AclRules> rules = current.filter(
                            c -> c.clientType() == live.grant().clientType())
                    .flatMap(c -> rulesOf(c, live.grant()));
            if (rules.isPresent()) {
                live.grant().update(rules.get());
                log.info("[{}] authorization rules updated", live.clientId());
                live.rulesChanged().run();
            } else {
                log.info("[{}] disconnected: its credentials were removed or changed type", live.clientId());
                remove(live);
                live.revoke().run();
            }
        }
    }

    private static Optional<AclRules> rulesOf(MqttClientCredentials credentials, ClientGrant grant) {
        if (credentials.credentialsType() == CredentialsType.MQTT_BASIC) {
            return Optional.of(BasicAuthProvider.rulesOf(
                    CredentialsJson.basic(credentials.credentialsValue()), grant.placeholderValues()));
        }
        if (credentials.credentialsType() == CredentialsType.SCRAM) {
            return Optional.of(ScramAuthenticator.rulesOf(credentials, grant.placeholderValues()));
        }
        return X509AuthProvider.rulesOf(
                CredentialsJson.ssl(credentials.credentialsValue()), grant.certificateCn(), grant.placeholderValues());
    }
}
