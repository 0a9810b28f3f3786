package io.relaymq.broker.routing;

import io.relaymq.broker.cluster.NodeRegistry;
import io.relaymq.broker.kafka.KafkaClients;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.broker.publish.Qos2Resends;
import io.relaymq.broker.session.InboundQos2Store;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.DelayQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/**
 * Looks in {@code relaymq.msg.all} for the record of a QoS 2 message by its token ({@link #TOKEN_HEADER}), for a
 * PUBLISH sent again whose id was kept before a Kafka write whose fate is unknown. The record can only be in the
 * partition its MQTT topic maps to (the producer's key hash), written after the id was kept: the partition is read
 * from a little before that time ({@link #LOOK_BACK}) to its end.
 * <p>
 * "Not there" is only the answer once the write can no longer land: the keeper settled the id (it let the session
 * go and every write it began for it finished; see {@link InboundQos2Store#settle}), or the node that kept it is gone
 * (not in the node registry, or restarted since) and {@link #LEFT_GRACE} has passed since, or the msg.all producer's
 * delivery timeout (plus {@link #MARGIN}) has passed since. That is decided before the partition is read. Until then
 * a lookup that found nothing waits and is checked again every {@link #RECHECK}; the partition is read once more
 * when the answer is due. Lookups run in rounds on a thread of their own, one read per partition for every lookup
 * due, with a consumer that joins no group. Beyond {@link #MOST_WAITING} waiting lookups, or a read of more than
 * {@link #MOST_RECORDS} records or longer than {@link #DEADLINE}, a lookup fails: the PUBLISH is then forwarded (at
 * least once).
 */
@Component
public class MsgAllReceipts implements Qos2Resends, DisposableBean {

    /** The header of a QoS 2 record of a persistent session: its 8-byte token. */
    public static final String TOKEN_HEADER = "relaymq-qos2";

    static final Duration SETTLE = Duration.ofSeconds(1);
    /** Added to the producer's delivery timeout: its clock starts after the id was kept, at the send. */
    static final Duration MARGIN = Duration.ofSeconds(5);
    /** How long after an id was kept its keeper may still write, once it left the registry by stopping. */
    static final Duration LEFT_GRACE = Duration.ofSeconds(30);

    static final Duration LOOK_BACK = Duration.ofSeconds(5);
    static final long MOST_RECORDS = 1_000_000;
    static final int MOST_WAITING = 100_000;
    static final Duration DEADLINE = Duration.ofSeconds(30);
    /** How often a lookup waiting for its keeper to go is checked again. */
    static final Duration RECHECK = Duration.ofSeconds(1);

    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(10);

    private static final Logger log = LoggerFactory.getLogger(MsgAllReceipts.class);

    private final ObjectProvider<NodeRegistry> nodes;
    private final Duration deliveryTimeout;
    private final Clock clock;
    private final InboundQos2Store store;
    private final DelayQueue<ReceiptLookup> waiting = new DelayQueue<>();
    private final Thread reader;
    private volatile boolean running = true;
    /** Used on the reader thread only. */
    private final TokenScan scan;

    public MsgAllReceipts(
            KafkaProperties kafka,
            KafkaClients clients,
            MsgAllProducer producer,
            ObjectProvider<NodeRegistry> nodes,
            InboundQos2Store store,
            Clock clock) {
        this.scan = new TokenScan(
                kafka.msgAll().topic(), () -> clients.reader("msg-all-receipts"), MOST_RECORDS, DEADLINE, CALL_TIMEOUT);
        this.nodes = nodes;
        this.deliveryTimeout = producer.deliveryTimeout();
        this.clock = clock;
        this.store = store;
        this.reader = new Thread(this::readRounds, "msg-all-receipts");
        reader.setDaemon(true);
        reader.start();
    }

    /** The 8-byte value of {@link #TOKEN_HEADER}. */
    public static byte[] encode(long token) {
        return ByteBuffer.allocate(Long.BYTES).putLong(token).array();
    }

    @Override
    public CompletionStage<Boolean> stored(
            String clientId, int packetId, String mqttTopic, InboundQos2Store.Receipt receipt) {
        if (!running || waiting.size() >= MOST_WAITING) {
            return CompletableFuture.failedFuture(new IllegalStateException(
                    running ? MOST_WAITING + " QoS 2 receipt lookups waiting already" : "the node is stopping"));
        }
        ReceiptLookup lookup = new ReceiptLookup(
                clientId, packetId, mqttTopic, receipt, receipt.keptAtMillis() + SETTLE.toMillis(), clock);
        waiting.add(lookup);
        return lookup.answer();
    }

    private void readRounds() {
        while (running) {
            List<ReceiptLookup> due = new ArrayList<>();
            try {
                due.add(waiting.take());
            } catch (InterruptedException e) {
                break;
            }
            waiting.drainTo(due);
            try {
                round(due);
            } catch (RuntimeException e) {
                log.warn("QoS 2 receipt lookups failed: their messages are forwarded again (at least once)", e);
                due.forEach(l -> l.answer().completeExceptionally(e));
            }
        }
        List<ReceiptLookup> left = new ArrayList<>(waiting);
        left.forEach(l -> l.answer().completeExceptionally(new IllegalStateException("the node is stopping")));
        scan.close();
    }

    private void round(List<ReceiptLookup> due) {
        // decided before the partition is read: a write that lands during the read, followed by its keeper
        // settling, must not turn "not read yet" into "never there"
        Set<ReceiptLookup> conclusive = conclusive(due);
        long now = clock.millis();
        List<ReceiptLookup> toRead = new ArrayList<>();
        for (ReceiptLookup lookup : due) {
            // read once at first; after that only when "not there" will be the answer
            if (!lookup.read() || conclusive.contains(lookup)) {
                toRead.add(lookup);
            } else {
                waiting.add(lookup.notBefore(now + RECHECK.toMillis(), false));
            }
        }
        if (toRead.isEmpty()) {
            return;
        }
        Map<TopicPartition, List<ReceiptLookup>> byPartition = new HashMap<>();
        for (ReceiptLookup lookup : toRead) {
            byPartition
                    .computeIfAbsent(scan.partitionOf(lookup.mqttTopic()), p -> new ArrayList<>())
                    .add(lookup);
        }
        for (Map.Entry<TopicPartition, List<ReceiptLookup>> entry : byPartition.entrySet()) {
            Set<Long> found;
            try {
                found = read(entry.getKey(), entry.getValue());
            } catch (RuntimeException e) {
                log.warn(
                        "QoS 2 receipt lookups in {} failed: {} messages are forwarded again (at least once)",
                        entry.getKey(),
                        entry.getValue().size(),
                        e);
                entry.getValue().forEach(l -> l.answer().completeExceptionally(e));
                continue;
            }
            for (ReceiptLookup lookup : entry.getValue()) {
                if (found.contains(lookup.receipt().token())) {
                    log.debug("[{}] QoS 2 packet id {}: Kafka has its record", lookup.clientId(), lookup.packetId());
                    lookup.answer().complete(true);
                } else if (conclusive.contains(lookup)) {
                    log.debug(
                            "[{}] QoS 2 packet id {}: Kafka has no record, and none can come",
                            lookup.clientId(),
                            lookup.packetId());
                    lookup.answer().complete(false);
                } else {
                    waiting.add(lookup.notBefore(now + RECHECK.toMillis(), true));
                }
            }
        }
    }

    /**
     * The lookups for which a record not in Kafka now never will be: the keeper is gone (and {@link #LEFT_GRACE}
     * has passed: a node that stops leaves the registry before it drains its clients and closes its producer), has
     * settled the id (every write it began for the session finished), or its producer gave up long ago.
     */
    private Set<ReceiptLookup> conclusive(List<ReceiptLookup> lookups) {
        Map<String, Long> startedAt = runningNodes();
        long now = clock.millis();
        Set<ReceiptLookup> conclusive = new HashSet<>();
        Map<ReceiptLookup, CompletableFuture<InboundQos2Store.Receipt>> asked = new HashMap<>();
        for (ReceiptLookup lookup : lookups) {
            InboundQos2Store.Receipt receipt = lookup.receipt();
            Keeper keeper = keeper(receipt, startedAt);
            if (now >= receipt.keptAtMillis() + deliveryTimeout.plus(MARGIN).toMillis()
                    || keeper == Keeper.RESTARTED
                    || keeper == Keeper.ABSENT && now >= receipt.keptAtMillis() + LEFT_GRACE.toMillis()) {
                conclusive.add(lookup);
            } else if (!receipt.keptBy().isEmpty()) {
                asked.put(
                        lookup,
                        store.receipt(lookup.clientId(), lookup.packetId()).toCompletableFuture());
            }
        }
        try {
            CompletableFuture.allOf(asked.values().toArray(CompletableFuture[]::new))
                    .get(CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            log.warn("could not read {} QoS 2 receipts: those lookups wait", asked.size(), e);
        }
        asked.forEach((lookup, now2) -> {
            InboundQos2Store.Receipt kept = now2.getNow(lookup.receipt());
            if (!now2.isCompletedExceptionally() && settled(lookup.receipt(), kept)) {
                conclusive.add(lookup);
            }
        });
        return conclusive;
    }

    /** Whether the id no longer names the keeper of {@code asKept} (settled, released or kept anew): null is gone. */
    private static boolean settled(InboundQos2Store.Receipt asKept, InboundQos2Store.Receipt now) {
        return now == null || now.token() != asKept.token() || !now.keptBy().equals(asKept.keptBy());
    }

    /** The tokens among {@code lookups} that the partition holds, read from the earliest time one was kept. */
    private Set<Long> read(TopicPartition partition, List<ReceiptLookup> lookups) {
        Set<Long> wanted = new HashSet<>();
        long since = Long.MAX_VALUE;
        for (ReceiptLookup lookup : lookups) {
            wanted.add(lookup.receipt().token());
            since = Math.min(since, lookup.receipt().keptAtMillis());
        }
        return scan.read(partition, wanted, since - LOOK_BACK.toMillis());
    }

    /** What the node registry says of the node that kept an id. */
    private enum Keeper {
        RUNNING,
        RESTARTED,
        ABSENT,
        UNKNOWN
    }

    /**
     * RESTARTED: the process that kept the id has exited (its node started again since); ABSENT: no node of that
     * name is registered (crashed and removed, or stopping), or none was named (an id kept before a write this
     * node's producer gave up on); UNKNOWN: the registry could not be read ({@code startedAt} null).
     */
    private static Keeper keeper(InboundQos2Store.Receipt receipt, Map<String, Long> startedAt) {
        if (startedAt == null) {
            return Keeper.UNKNOWN;
        }
        Long started = receipt.keptBy().isEmpty() ? null : startedAt.get(receipt.keptBy());
        if (started == null) {
            return Keeper.ABSENT;
        }
        return started > receipt.keptAtMillis() ? Keeper.RESTARTED : Keeper.RUNNING;
    }

    /** Start time of every node in the registry; null when it cannot be read. */
    private Map<String, Long> runningNodes() {
        Map<String, Long> startedAt = new HashMap<>();
        try {
            nodes.getObject().nodes().forEach(n -> startedAt.put(n.nodeId(), n.startedMillis()));
            return startedAt;
        } catch (Exception e) {
            log.warn("node registry unreadable: QoS 2 receipt lookups wait for the Kafka delivery timeout", e);
            return null;
        }
    }

    @Override
    public void destroy() throws InterruptedException {
        running = false;
        reader.interrupt();
        reader.join(Duration.ofSeconds(15).toMillis());
    }
}
