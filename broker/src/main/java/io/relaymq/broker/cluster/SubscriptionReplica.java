package io.relaymq.broker.cluster;

import io.relaymq.broker.kafka.ConsumerLoops;
import io.relaymq.broker.kafka.KafkaClients;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.broker.node.NodeProperties;
import io.relaymq.broker.session.SessionRegistry;
import io.relaymq.broker.session.SubscriptionChanges;
import io.relaymq.broker.subscription.Subscription;
import io.relaymq.common.node.NodeId;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.List;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.stereotype.Component;

/**
 * Subscriptions as cluster state on {@code relaymq.client.subscriptions} (key = client id, value = the
 * client's whole subscription set and owning node, tombstone when the session ends). Local sessions
 * publish their changes here; every node reads the topic into {@link RemoteSubscriptions}, skipping the
 * records it wrote for sessions it holds (those are in its local trie already). A node catches up
 * before it routes.
 */
@Component
public class SubscriptionReplica extends ReplicatedState implements SubscriptionChanges {

    private final RemoteSubscriptions remote;
    private final SessionRegistry localSessions;
    private final String self;

    public SubscriptionReplica(
            RemoteSubscriptions remote,
            SessionRegistry localSessions,
            KafkaProperties kafka,
            KafkaClients clients,
            ConsumerLoops loops,
            Admin admin,
            NodeId nodeId,
            NodeProperties node,
            StateWrites writes) {
        super(node.dependencyTimeout(), 60);
        this.remote = remote;
        this.localSessions = localSessions;
        this.self = nodeId.value();
        use(new StateTopicReplica(
                kafka.state().subscriptionsTopic(), kafka, clients, loops, admin, nodeId, writes, this::apply));
    }

    @Override
    public void changed(String clientId, Collection<Subscription> subscriptions) {
        replica().write(clientId, ClientSubscriptions.of(self, subscriptions).encode());
    }

    @Override
    public void removed(String clientId) {
        replica().write(clientId, null);
    }

    @Override
    public void handedOver(String clientId, Collection<Subscription> subscriptions) {
        if (!subscriptions.isEmpty()) {
            remote.adoptIfUnknown(clientId, ClientSubscriptions.of(self, List.copyOf(subscriptions)));
        }
    }

    private void apply(ConsumerRecord<byte[], byte[]> record) {
        String clientId = new String(record.key(), StandardCharsets.UTF_8);
        remote.apply(
                clientId,
                record.value() == null ? null : ClientSubscriptions.decode(clientId, record.value()),
                self,
                id -> localSessions.get(id) != null);
    }
}
