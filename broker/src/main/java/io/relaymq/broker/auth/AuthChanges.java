package io.relaymq.broker.auth;

import io.relaymq.broker.auth.provider.AuthProviders;
import io.relaymq.broker.auth.provider.CredentialsLookup;
import io.relaymq.broker.cluster.ReplicatedState;
import io.relaymq.broker.cluster.StateTopicReplica;
import io.relaymq.broker.cluster.StateWrites;
import io.relaymq.broker.kafka.ConsumerLoops;
import io.relaymq.broker.kafka.KafkaClients;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.broker.node.NodeProperties;
import io.relaymq.common.node.NodeId;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells every node that credentials or provider settings changed in PostgreSQL, through the compacted
 * topic {@code relaymq.auth.changes} (key {@code credentials|<lookup key>} or {@code providers}). Each node
 * then drops its cached lookup, gives its connected clients the new rules, or reloads the providers.
 */
public final class AuthChanges extends ReplicatedState {

    private static final Logger log = LoggerFactory.getLogger(AuthChanges.class);
    private static final String CREDENTIALS = "credentials|";
    private static final String PROVIDERS = "providers";

    private final CredentialsLookup lookup;
    private final LiveGrants grants;
    private final AuthProviders providers;
    private final Clock clock;

    public AuthChanges(
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
        super(node.dependencyTimeout(), 50);
        this.lookup = lookup;
        this.grants = grants;
        this.providers = providers;
        this.clock = clock;
        use(new StateTopicReplica(auth.changesTopic(), kafka, clients, loops, admin, nodeId, writes, this::apply));
    }

    public void credentialsChanged(String credentialsId) {
        lookup.invalidate(credentialsId);
        replica().write(CREDENTIALS + credentialsId, stamp());
    }

    public void providersChanged() {
        replica().write(PROVIDERS, stamp());
    }

    private byte[] stamp() {
        return Long.toString(clock.millis()).getBytes(StandardCharsets.UTF_8);
    }

    private void apply(ConsumerRecord<byte[], byte[]> record) {
        String key = new String(record.key(), StandardCharsets.UTF_8);
        try {
            if (key.startsWith(CREDENTIALS)) {
                String credentialsId = key.substring(CREDENTIALS.length());
                lookup.invalidate(credentialsId);
                grants.refresh(credentialsId);
            } else if (key.equals(PROVIDERS)) {
                providers.reload();
            }
        } catch (RuntimeException e) {
            log.warn("could not apply auth change {}", key, e);
        }
    }
}
