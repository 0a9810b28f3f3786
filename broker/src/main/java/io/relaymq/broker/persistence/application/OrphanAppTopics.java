package io.relaymq.broker.persistence.application;

import io.relaymq.broker.cluster.SessionInfo;
import io.relaymq.broker.cluster.SessionReplica;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.SessionRegistry;
import io.relaymq.common.client.ClientType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListTopicsOptions;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deletes the Kafka topics of APPLICATION clients that no longer have an APPLICATION session anywhere in
 * the cluster (left behind, for example, when topic deletion is off or a node stopped before its grace
 * period ran out), with their consumer groups. Only names {@link AppTopicNames#forClient} writes are
 * considered; shared subscription topics are never touched.
 *
 * <p>The topics are listed first, then this node reads the session records up to that moment, so a client
 * whose connect created its topic before the listing is known as a session before anything is deleted;
 * sessions this node holds count as well.
 */
public final class OrphanAppTopics {

    private static final Logger log = LoggerFactory.getLogger(OrphanAppTopics.class);

    private final Admin admin;
    private final SessionReplica sessions;
    private final SessionRegistry local;
    private final String groupPrefix;
    private final Duration timeout;

    public OrphanAppTopics(
            Admin admin, SessionReplica sessions, SessionRegistry local, String groupPrefix, Duration timeout) {
        this.admin = admin;
        this.sessions = sessions;
        this.local = local;
        this.groupPrefix = groupPrefix;
        this.timeout = timeout;
    }

    /** Deletes the orphan client topics and returns the names deleted (empty when there were none). */
    public synchronized List<String> remove() {
        Collection<String> names = await(
                admin.listTopics(new ListTopicsOptions().listInternal(false)).names());
        sessions.catchUp(timeout);
        List<String> orphans = orphans(names, liveTopics(sessions.all(), local.all()));
        if (orphans.isEmpty()) {
            log.info("no orphan APPLICATION client topics to delete");
            return orphans;
        }
        List<String> deleted = new ArrayList<>();
        admin.deleteTopics(orphans).topicNameValues().forEach((topic, done) -> {
            try {
                await(done);
                deleted.add(topic);
            } catch (IllegalStateException e) {
                if (!(e.getCause() instanceof ExecutionException ee
                        && ee.getCause() instanceof UnknownTopicOrPartitionException)) {
                    log.warn("orphan APPLICATION client topic {} not deleted", topic, e);
                }
            }
        });
        Collections.sort(deleted);
        log.info("deleted {} orphan APPLICATION client topics: {}", deleted.size(), deleted);
        List<String> groups = deleted.stream()
                .map(t -> groupPrefix + t.substring(AppTopicNames.ROOT.length()))
                .toList();
        try {
            admin.deleteConsumerGroups(groups).all().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            // a client that never committed an offset has no group; the topics are what matters
            log.debug("consumer groups of orphan topics not all deleted: {}", e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return deleted;
    }

    /** The topics of every APPLICATION session known in the cluster and held on this node. */
    static Set<String> liveTopics(Map<String, SessionInfo> cluster, Collection<ClientSession> held) {
        Set<String> live = new HashSet<>();
        cluster.forEach((clientId, info) -> {
            // records from before sessions kept their kind say DEVICE by default: their topic may be in use
            boolean defaulted = info.details().connectedAt() == 0
                    && info.details().clientIp().isEmpty();
            if (defaulted || ClientType.APPLICATION.name().equals(info.details().clientType())) {
                live.add(AppTopicNames.forClient(clientId));
            }
        });
        for (ClientSession session : held) {
            if (session.clientType() == ClientType.APPLICATION) {
                live.add(AppTopicNames.forClient(session.clientId()));
            }
        }
        return live;
    }

    /** Of {@code topicNames}, the APPLICATION client topics not in {@code live}, sorted. */
    static List<String> orphans(Collection<String> topicNames, Set<String> live) {
        return topicNames.stream()
                .filter(OrphanAppTopics::isClientTopic)
                .filter(n -> !live.contains(n))
                .sorted()
                .toList();
    }

    /** A name {@link AppTopicNames#forClient} writes (and not a shared subscription topic). */
    static boolean isClientTopic(String topic) {
        return topic.startsWith(AppTopicNames.ROOT)
                && !topic.startsWith(AppTopicNames.SHARED_PREFIX)
                && AppTopicNames.isSegment(
                        topic.substring(AppTopicNames.ROOT.length()), AppTopicNames.clientSegmentMax());
    }

    private <T> T await(KafkaFuture<T> future) {
        try {
            return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while asking Kafka", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("Kafka did not answer: " + e.getMessage(), e);
        }
    }
}
