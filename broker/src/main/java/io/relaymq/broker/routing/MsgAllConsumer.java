package io.relaymq.broker.routing;

import io.relaymq.broker.cluster.RemoteDelivery;
import io.relaymq.broker.kafka.Batch;
import io.relaymq.broker.kafka.ConsumerLoop;
import io.relaymq.broker.kafka.ConsumerLoops;
import io.relaymq.broker.kafka.GroupConsumers;
import io.relaymq.broker.kafka.KafkaClients;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.broker.kafka.RouteSource;
import io.relaymq.common.message.PublishedMessageCodec;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.stereotype.Component;

/**
 * The consumers of {@code relaymq.msg.all}: every node joins one group, so each message is routed by
 * exactly one node. Offsets are committed after a poll's messages were handed to their subscribers, every
 * message for a persistent session was acknowledged by {@code relaymq.msg.persisted} (or its APPLICATION
 * topic) and every message for a client of another node by that node's downlink topic; when one of those
 * failed, the poll is routed again (at least once, see {@link PendingWrites}). A record that cannot be routed (it does not
 * decode, or routing it fails every time) is parked on the dead-letter topic, never skipped silently.
 * <p>
 * Each copy for a persistent session carries its {@link RouteSource}, so the copies routed again after
 * this node crashed are skipped by the store (DEVICE) or the client's reader (APPLICATION). That relies on
 * a client's copies reaching its store in offset order without gaps. When a send to Kafka failed, a later
 * copy of the same poll may have been written while the failed one was not, so the poll is routed again
 * without sources (at least once for it: a copy may then arrive twice, none is lost).
 */
@Component
public class MsgAllConsumer extends GroupConsumers {

    private final Router router;
    private final PendingWrites writes;
    /** By msg.all partition: up to which offset a poll is routed again after a failed send (no sources). */
    private final Map<Integer, Long> resendWithoutSource = new ConcurrentHashMap<>();

    public MsgAllConsumer(
            KafkaProperties kafka,
            KafkaClients clients,
            ConsumerLoops loops,
            Router router,
            PersistedSink persisted,
            RemoteDelivery remote,
            IntegrationSink integrations) {
        super(
                clients,
                loops,
                "msg-all",
                kafka.msgAll().topic(),
                kafka.msgAll().consumerGroup(),
                kafka.msgAll().consumers(),
                kafka.msgAll().maxPollRecords());
        this.router = router;
        this.writes = new PendingWrites(persisted, remote, integrations);
    }

    @Override
    protected void handle(Batch batch) {
        try {
            writes.route(() -> batch.each(record -> {
                router.route(PublishedMessageCodec.decode(record.value()), source(record));
                return null;
            }));
        } catch (ConsumerLoop.RetryBatch e) {
            for (ConsumerRecord<byte[], byte[]> record : batch.records()) {
                resendWithoutSource.merge(record.partition(), record.offset(), Math::max);
            }
            throw e;
        }
    }

    private RouteSource source(ConsumerRecord<byte[], byte[]> record) {
        Long until = resendWithoutSource.get(record.partition());
        if (until != null) {
            if (record.offset() <= until) {
                return null;
            }
            resendWithoutSource.remove(record.partition(), until);
        }
        return new RouteSource(record.partition(), record.offset());
    }
}
