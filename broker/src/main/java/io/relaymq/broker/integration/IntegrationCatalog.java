package io.relaymq.broker.integration;

import io.relaymq.broker.cluster.ReplicatedState;
import io.relaymq.broker.cluster.StateTopicReplica;
import io.relaymq.broker.cluster.StateWrites;
import io.relaymq.broker.kafka.ConsumerLoops;
import io.relaymq.broker.kafka.KafkaClients;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.broker.node.NodeProperties;
import io.relaymq.broker.subscription.Subscription;
import io.relaymq.broker.subscription.SubscriptionOptions;
import io.relaymq.broker.subscription.SubscriptionTrie;
import io.relaymq.broker.topic.TopicFilter;
import io.relaymq.common.node.NodeId;
import io.relaymq.integration.model.IntegrationDefinition;
import io.relaymq.integration.model.IntegrationRecords;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The integrations of the cluster, kept in the compacted topic {@code relaymq.integrations} and read in full by
 * every node before its listeners open. It answers which enabled integrations take a topic: the filters of all
 * enabled integrations stand in one matching index, rebuilt whenever a definition changes (changes are rare,
 * lookups happen for every routed message).
 */
public final class IntegrationCatalog extends ReplicatedState {

    private static final Logger log = LoggerFactory.getLogger(IntegrationCatalog.class);

    private final Map<UUID, IntegrationDefinition> definitions = new ConcurrentHashMap<>();
    private final IntegrationRecords records;
    private volatile SubscriptionTrie index = new SubscriptionTrie();

    public IntegrationCatalog(
            IntegrationProperties settings,
            KafkaProperties kafka,
            KafkaClients clients,
            ConsumerLoops loops,
            Admin admin,
            NodeId nodeId,
            NodeProperties node,
            StateWrites writes,
            IntegrationRecords records) {
        super(node.dependencyTimeout(), 50);
        this.records = records;
        use(new StateTopicReplica(
                settings.definitionsTopic(), kafka, clients, loops, admin, nodeId, writes, this::apply));
    }

    /** Adds or replaces a definition on every node (here at once). */
    public void save(IntegrationDefinition definition) {
        definitions.put(definition.id(), definition);
        reindex();
        replica().write(definition.id().toString(), records.definition(definition));
    }

    /** Removes a definition on every node; false when there was none here. */
    public boolean remove(UUID id) {
        boolean known = definitions.remove(id) != null;
        reindex();
        replica().write(id.toString(), null);
        return known;
    }

    public Optional<IntegrationDefinition> find(UUID id) {
        return Optional.ofNullable(definitions.get(id));
    }

    /** Every definition, by name. */
    public List<IntegrationDefinition> list() {
        return definitions.values().stream()
                .sorted(Comparator.comparing(IntegrationDefinition::name).thenComparing(IntegrationDefinition::id))
                .toList();
    }

    public int size() {
        return definitions.size();
    }

    /** The enabled integrations with a filter that matches {@code topic}, each once. */
    public Set<UUID> matching(String topic) {
        List<Subscription> matches = index.match(topic);
        if (matches.isEmpty()) {
            return Set.of();
        }
        Set<UUID> ids = new LinkedHashSet<>();
        for (Subscription s : matches) {
            ids.add(UUID.fromString(s.clientId()));
        }
        return ids;
    }

    private synchronized void reindex() {
        SubscriptionTrie fresh = new SubscriptionTrie();
        for (IntegrationDefinition d : definitions.values()) {
            if (!d.enabled()) {
                continue;
            }
            for (String text : d.topicFilters()) {
                TopicFilter.parse(text)
                        .ifPresent(
                                f -> fresh.add(new Subscription(d.id().toString(), f, SubscriptionOptions.ofQos(2))));
            }
        }
        index = fresh;
    }

    private void apply(ConsumerRecord<byte[], byte[]> record) {
        UUID id;
        try {
            id = IntegrationRecords.id(record.key());
        } catch (IllegalArgumentException e) {
            log.warn("ignoring an integration record whose key is not an integration id");
            return;
        }
        if (record.value() == null) {
            definitions.remove(id);
        } else {
            try {
                definitions.put(id, records.definition(record.value()));
            } catch (RuntimeException e) {
                log.warn("ignoring unreadable integration record {}: {}", id, e.getMessage());
                return;
            }
        }
        reindex();
    }
}
