package io.relaymq.broker.auth.blocked;

import io.relaymq.broker.auth.blocked.BlockedClient.BlockedType;
import io.relaymq.broker.cluster.ReplicatedState;
import io.relaymq.broker.cluster.StateTopicReplica;
import io.relaymq.broker.cluster.StateWrites;
import io.relaymq.broker.kafka.ConsumerLoops;
import io.relaymq.broker.kafka.KafkaClients;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.broker.node.NodeProperties;
import io.relaymq.common.node.NodeId;
import io.relaymq.dao.credentials.CredentialsJson;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Blocked clients as cluster state: kept in the compacted topic {@code relaymq.client.blocked} and read
 * in full by every node before its listeners open, so a block made on one node refuses the client on
 * all of them. Checked at CONNECT; expired blocks no longer match.
 */
public final class BlockedClients extends ReplicatedState {

    private static final Logger log = LoggerFactory.getLogger(BlockedClients.class);

    private record Entry(BlockedClient client, Pattern regex) {}

    private final Map<String, Entry> entries = new ConcurrentHashMap<>();
    private final Clock clock;

    public BlockedClients(
            String topic,
            KafkaProperties kafka,
            KafkaClients clients,
            ConsumerLoops loops,
            Admin admin,
            NodeId nodeId,
            NodeProperties node,
            Clock clock,
            StateWrites writes) {
        super(node.dependencyTimeout(), 50);
        this.clock = clock;
        use(new StateTopicReplica(topic, kafka, clients, loops, admin, nodeId, writes, this::apply));
    }

    /** Adds or replaces a block on every node. */
    public void block(BlockedClient client) {
        // in force here at once (a list right after the call shows it), on the other nodes when they read it
        entries.put(client.key(), entry(client));
        replica().write(client.key(), CredentialsJson.write(client).getBytes(StandardCharsets.UTF_8));
    }

    /** Removes the block with this key on every node; false when there was none here. */
    public boolean unblock(String key) {
        boolean known = entries.remove(key) != null;
        replica().write(key, null);
        return known;
    }

    private static Entry entry(BlockedClient client) {
        return new Entry(client, client.type() == BlockedType.REGEX ? Pattern.compile(client.value()) : null);
    }

    /** Every block, expired ones too (they are removed {@link #removeExpired some time} after they expire). */
    public List<BlockedClient> list() {
        return entries.values().stream()
                .map(Entry::client)
                .sorted(Comparator.comparing(BlockedClient::key))
                .toList();
    }

    /** Removes, on every node, the blocks that expired more than {@code ttl} ago; returns how many. */
    public int removeExpired(Duration ttl) {
        long now = clock.millis();
        int removed = 0;
        for (Entry entry : entries.values()) {
            BlockedClient c = entry.client();
            if (c.isExpired(now) && now - c.expirationTime() >= ttl.toMillis()) {
                replica().write(c.key(), null);
                removed++;
            }
        }
        return removed;
    }

    /** The first block in force that matches the client, if any. */
    public Optional<BlockedClient> find(String clientId, String username, String ipAddress) {
        if (entries.isEmpty()) {
            return Optional.empty();
        }
        long now = clock.millis();
        for (Entry entry : entries.values()) {
            BlockedClient c = entry.client();
            if (!c.isExpired(now) && matches(entry, clientId, username, ipAddress)) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }

    private static boolean matches(Entry entry, String clientId, String username, String ipAddress) {
        BlockedClient c = entry.client();
        return switch (c.type()) {
            case CLIENT_ID -> c.value().equals(clientId);
            case USERNAME -> c.value().equals(username);
            case IP_ADDRESS -> c.value().equals(ipAddress);
            case REGEX -> {
                String target = switch (c.regexMatchTarget()) {
                    case BY_CLIENT_ID -> clientId;
                    case BY_USERNAME -> username;
                    case BY_IP_ADDRESS -> ipAddress;
                };
                yield target != null && entry.regex().matcher(target).matches();
            }
        };
    }

    private void apply(ConsumerRecord<byte[], byte[]> record) {
        String key = new String(record.key(), StandardCharsets.UTF_8);
        if (record.value() == null) {
            entries.remove(key);
            return;
        }
        try {
            BlockedClient client =
                    CredentialsJson.read(new String(record.value(), StandardCharsets.UTF_8), BlockedClient.class);
            entries.put(key, entry(client));
        } catch (IllegalArgumentException e) {
            log.warn("ignoring unreadable blocked-client record {}: {}", key, e.getMessage());
        }
    }
}
