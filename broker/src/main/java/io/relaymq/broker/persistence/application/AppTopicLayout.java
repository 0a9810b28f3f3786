package io.relaymq.broker.persistence.application;

import java.util.Collection;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListTopicsOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * At start, the node refuses APPLICATION topics it does not own: any topic of the earlier layout
 * ({@code relaymq.msg.app.*}, whose names could collide) and any topic under {@code relaymq.app.} that is
 * not a name {@link AppTopicNames} writes. Reading such a topic could hand one client's messages to
 * another, so the operator removes them first (see the README's migration note).
 */
public final class AppTopicLayout {

    private static final Logger log = LoggerFactory.getLogger(AppTopicLayout.class);
    private static final int SHOWN = 10;

    private AppTopicLayout() {}

    /** Lists the cluster's topics and {@linkplain #check checks} them. */
    public static void verify(Admin admin, long timeoutMillis) {
        try {
            Collection<String> names = admin.listTopics(new ListTopicsOptions().listInternal(false))
                    .names()
                    .get(timeoutMillis, TimeUnit.MILLISECONDS);
            check(names);
            log.info(
                    "APPLICATION topic layout checked: {} topics under {}",
                    names.stream().filter(n -> n.startsWith(AppTopicNames.ROOT)).count(),
                    AppTopicNames.ROOT);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException(
                    "cannot list Kafka topics to check the APPLICATION topic layout: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while checking the APPLICATION topic layout", e);
        }
    }

    /** The rule itself: throws, naming the offending topics and what to do, when any is found. */
    static void check(Collection<String> topicNames) {
        List<String> old = topicNames.stream()
                .filter(n -> n.startsWith(AppTopicNames.OLD_ROOT))
                .sorted()
                .toList();
        if (!old.isEmpty()) {
            throw new IllegalStateException(old.size() + " Kafka topics of the earlier APPLICATION topic layout exist ("
                    + shown(old) + "). Their names can collide between client ids and shared subscriptions, so this "
                    + "node does not read them. Stop every node, let applications drain them or give up their "
                    + "messages, delete them (kafka-topics.sh --delete --topic '"
                    + AppTopicNames.OLD_ROOT.replace(".", "\\.")
                    + ".*') and start again; the new topics are created under " + AppTopicNames.ROOT);
        }
        List<String> foreign = topicNames.stream()
                .filter(n -> n.startsWith(AppTopicNames.ROOT) && !isOwn(n))
                .sorted()
                .toList();
        if (!foreign.isEmpty()) {
            throw new IllegalStateException(foreign.size() + " Kafka topics under " + AppTopicNames.ROOT
                    + " are not names of this broker's APPLICATION topic layout (" + shown(foreign)
                    + "). They were not "
                    + "created by this version and could be mistaken for a client's queue: delete or rename them.");
        }
    }

    /** True for a name {@link AppTopicNames} writes: {@code relaymq.app.N} or {@code relaymq.app.shared.N}. */
    static boolean isOwn(String topic) {
        if (!topic.startsWith(AppTopicNames.ROOT)) {
            return false;
        }
        if (topic.startsWith(AppTopicNames.SHARED_PREFIX)) {
            return AppTopicNames.isSegment(
                    topic.substring(AppTopicNames.SHARED_PREFIX.length()), AppTopicNames.filterSegmentMax());
        }
        return AppTopicNames.isSegment(topic.substring(AppTopicNames.ROOT.length()), AppTopicNames.clientSegmentMax());
    }

    private static String shown(List<String> names) {
        return String.join(", ", names.subList(0, Math.min(SHOWN, names.size())))
                + (names.size() > SHOWN ? ", ..." : "");
    }
}
