package io.relaymq.broker.routing;

import io.relaymq.broker.cluster.RemoteDelivery;
import io.relaymq.broker.kafka.Batch;
import io.relaymq.broker.kafka.ConsumerLoops;
import io.relaymq.broker.kafka.GroupConsumers;
import io.relaymq.broker.kafka.KafkaClientConfigs;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.common.message.PublishedMessageCodec;
import io.relaymq.broker.persistence.device.PersistedProducer;
import org.springframework.stereotype.Component;

/**
 * The consumers of {@code relaymq.msg.all}: every node joins one group, so each message is routed by
 * exactly one node. Offsets are committed after a poll's messages were handed to their subscribers, every
 * message for a persistent session was acknowledged by {@code relaymq.msg.persisted} (or its APPLICATION
 * topic) and every message for a client of another node by that node's downlink topic; when one of those
 * failed, the poll is routed again (at least once, see {@link PendingWrites}). A record that cannot be routed (it does not
 * decode, or routing it fails every time) is parked on the dead-letter topic, never skipped silently.
 */
@Component
public class MsgAllConsumer extends GroupConsumers {

    private final Router router;
    private final PendingWrites writes;

    public MsgAllConsumer(KafkaProperties kafka, KafkaClientConfigs configs, ConsumerLoops loops, Router router,
                          PersistedProducer persisted, RemoteDelivery remote) {
        super(configs, loops, "msg-all", kafka.msgAll().topic(), kafka.msgAll().consumerGroup(), kafka.msgAll().consumers(),
                kafka.msgAll().maxPollRecords());
        this.router = router;
        this.writes = new PendingWrites(persisted, remote);
    }

    @Override
    protected void handle(Batch batch) {
        writes.route(() -> batch.each(record -> {
            router.route(PublishedMessageCodec.decode(record.value()));
            return null;
        }));
    }
}
