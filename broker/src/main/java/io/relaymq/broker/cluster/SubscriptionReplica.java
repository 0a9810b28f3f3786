package io.relaymq.broker.cluster;

import io.relaymq.broker.kafka.KafkaClientConfigs;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.broker.node.NodeProperties;
import io.relaymq.broker.session.SessionRegistry;
import io.relaymq.broker.subscription.Subscription;
import io.relaymq.common.node.NodeId;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collection;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Subscriptions as cluster state on {@code relaymq.client.subscriptions} (key = client id, value = the
 * client's whole subscription set and owning node, tombstone when the session ends). Local sessions
 * publish their changes here; every node reads the topic into {@link RemoteSubscriptions}, skipping the
 * records it wrote for sessions it holds (those are in its local trie already). A node catches up
 * before it routes.
 */
@Component
public class SubscriptionReplica implements SubscriptionChanges, SmartLifecycle, DisposableBean {

    private final RemoteSubscriptions remote;
    private final SessionRegistry localSessions;
    private final StateTopicReplica replica;
    private final String self;
    private final Duration catchUpTimeout;
    private volatile boolean running;

    public SubscriptionReplica(RemoteSubscriptions remote, SessionRegistry localSessions, KafkaProperties kafka,
                               KafkaClientConfigs configs, Admin admin, NodeId nodeId, NodeProperties node) {
        this.remote = remote;
        this.localSessions = localSessions;
        this.self = nodeId.value();
        this.catchUpTimeout = node.dependencyTimeout();
        this.replica = new StateTopicReplica(kafka.state().subscriptionsTopic(), kafka, configs, admin, nodeId, this::apply);
    }

    @Override
    public void changed(String clientId, Collection<Subscription> subscriptions) {
        replica.write(clientId, ClientSubscriptions.of(self, subscriptions).encode());
    }

    @Override
    public void removed(String clientId) {
        replica.write(clientId, null);
    }

    private void apply(ConsumerRecord<byte[], byte[]> record) {
        String clientId = new String(record.key(), StandardCharsets.UTF_8);
        remote.apply(clientId, record.value() == null ? null : ClientSubscriptions.decode(clientId, record.value()), self,
                id -> localSessions.get(id) != null);
    }

    @Override
    public void start() {
        replica.startAndCatchUp(catchUpTimeout);
        running = true;
    }

    @Override
    public void stop() {
        running = false;
        replica.stopReading();
    }

    @Override
    public void destroy() {
        replica.close();
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /** Before the msg.all consumers (100): routing needs the other nodes' subscriptions. */
    @Override
    public int getPhase() {
        return 60;
    }
}
