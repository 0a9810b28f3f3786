package io.relaymq.broker.support;

import io.relaymq.broker.cluster.ClusterSessionDirectory;
import io.relaymq.broker.cluster.RemoteDelivery;
import io.relaymq.broker.cluster.SessionDetails;
import io.relaymq.broker.metrics.MqttMetrics;
import io.relaymq.broker.publish.Qos2Resends;
import io.relaymq.broker.publish.RetainedAdmission;
import io.relaymq.broker.routing.PersistedSink;
import io.relaymq.broker.session.ClientEvents;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.InboundQos2Store;
import io.relaymq.broker.session.OutboundFactory;
import io.relaymq.broker.session.OutboundMessage;
import io.relaymq.broker.session.OutboundWriter;
import io.relaymq.broker.session.SessionChanges;
import io.relaymq.broker.session.SessionContext;
import io.relaymq.broker.session.SessionRegistry;
import io.relaymq.broker.session.SubscriptionChanges;
import io.relaymq.broker.subscribe.SharedFilterQuota;
import io.relaymq.broker.subscription.Subscription;
import io.relaymq.broker.subscription.SubscriptionTrie;
import io.relaymq.broker.topic.TopicFilter;
import io.relaymq.common.client.ClientType;
import java.time.Clock;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Implementations that do nothing, for tests that run the engine without the cluster or the stores behind it.
 * They live here, not beside their interfaces: a node always has the real ones.
 */
public final class NoOps {

    /** Nothing is recorded for the cluster. */
    public static final SessionChanges SESSION_CHANGES = new SessionChanges() {
        @Override
        public void disconnected(
                String clientId,
                ClientType clientType,
                String principal,
                String sessionId,
                long expirySeconds,
                long generation) {}

        @Override
        public void ended(String clientId, long generation) {}
    };

    /** Nothing is recorded for the cluster. */
    public static final SubscriptionChanges SUBSCRIPTION_CHANGES = new SubscriptionChanges() {
        @Override
        public void changed(String clientId, Collection<Subscription> subscriptions) {}

        @Override
        public void removed(String clientId) {}
    };

    /** Nothing may be routed to a persistent session. */
    public static final PersistedSink PERSISTED_SINK = (clientId, application, message) -> {
        throw new IllegalStateException("no persistent store in this test");
    };

    /** Every session is this node's at once, version 0, with nothing known before. */
    public static final ClusterSessionDirectory CLUSTER_SESSIONS = new ClusterSessionDirectory() {
        @Override
        public CompletionStage<Claim> claim(String clientId, long expirySeconds, SessionDetails details) {
            return CompletableFuture.completedFuture(new Claim(0, Optional.empty()));
        }

        @Override
        public boolean isSuperseded(String clientId, long version) {
            return false;
        }
    };

    /** Delivers nowhere: the test routes only to local sessions. */
    public static final RemoteDelivery REMOTE_DELIVERY = new RemoteDelivery() {
        @Override
        public void send(String nodeId, String clientId, OutboundMessage message) {}

        @Override
        public void flush() {}

        @Override
        public long failures() {
            return 0;
        }
    };

    /** Every shared filter is admitted. */
    public static final SharedFilterQuota SHARED_FILTER_QUOTA = (ClientSession session, TopicFilter filter) -> true;

    /** Knows no message: every QoS 2 PUBLISH sent again with an unknown fate is forwarded. */
    public static final Qos2Resends QOS2_RESENDS =
            (clientId, packetId, topic, receipt) -> CompletableFuture.completedFuture(false);

    /** Every retained message is admitted. */
    public static final RetainedAdmission RETAINED_ADMISSION = (topic, payloadBytes) -> null;

    /** Keeps nothing: received QoS 2 ids live only in the session's memory. */
    public static final InboundQos2Store INBOUND_QOS2_STORE = new InboundQos2Store() {
        @Override
        public CompletionStage<Boolean> received(
                String clientId, int packetId, Receipt receipt, long generation, long ttlSeconds) {
            return CompletableFuture.completedFuture(true);
        }

        @Override
        public CompletionStage<Void> released(String clientId, int packetId) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletionStage<Void> keep(String clientId, long ttlSeconds) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletionStage<Map<Integer, Receipt>> begin(
                String clientId, long generation, boolean clean, long ttlSeconds) {
            return CompletableFuture.completedFuture(Map.of());
        }

        @Override
        public CompletionStage<Receipt> receipt(String clientId, int packetId) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletionStage<Void> settle(String clientId, Map<Integer, Long> tokens) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletionStage<Void> removeAll(String clientId, long generation) {
            return CompletableFuture.completedFuture(null);
        }
    };

    private NoOps() {}

    /**
     * The context of a session that runs alone: no wills, no cluster, 1000 subscriptions and in-flight messages,
     * no byte quota, QoS 2 ids kept nowhere; {@code outbounds} makes the outbound under test.
     */
    public static SessionContext sessionContext(MqttMetrics metrics, OutboundFactory outbounds) {
        return new SessionContext(
                new SubscriptionTrie(),
                new SessionRegistry(),
                m -> {},
                (m, c) -> {},
                SUBSCRIPTION_CHANGES,
                SESSION_CHANGES,
                1000,
                1000,
                metrics,
                Clock.systemUTC(),
                new OutboundWriter(metrics, Clock.systemUTC()),
                outbounds,
                () -> false,
                Long.MAX_VALUE,
                INBOUND_QOS2_STORE,
                ClientEvents.NONE);
    }
}
