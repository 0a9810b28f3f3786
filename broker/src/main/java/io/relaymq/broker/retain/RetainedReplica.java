package io.relaymq.broker.retain;

import io.relaymq.broker.cluster.ReplicatedState;
import io.relaymq.broker.cluster.StateTopicReplica;
import io.relaymq.broker.cluster.StateWrites;
import io.relaymq.broker.kafka.ConsumerLoops;
import io.relaymq.broker.kafka.KafkaClients;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.broker.node.NodeProperties;
import io.relaymq.common.message.PublishedMessage;
import io.relaymq.common.message.PublishedMessageCodec;
import io.relaymq.common.node.NodeId;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.stereotype.Component;

/**
 * Retained messages as cluster state: updates go to the compacted topic {@code relaymq.msg.retained}
 * (key = MQTT topic, an empty payload becomes a tombstone), and every node reads the whole topic into
 * its {@link RetainedMessages} before its MQTT listeners open; retained messages survive restarts.
 */
@Component
public class RetainedReplica extends ReplicatedState implements RetainedSink {

    private final RetainedMessages store;

    public RetainedReplica(
            RetainedMessages store,
            KafkaProperties kafka,
            KafkaClients clients,
            ConsumerLoops loops,
            Admin admin,
            NodeId nodeId,
            NodeProperties node,
            StateWrites writes) {
        super(node.dependencyTimeout(), 50);
        this.store = store;
        use(new StateTopicReplica(
                kafka.state().retainedTopic(), kafka, clients, loops, admin, nodeId, writes, this::apply));
    }

    @Override
    public void retain(PublishedMessage message) {
        replica()
                .write(
                        message.topic(),
                        message.payload().length == 0 ? null : PublishedMessageCodec.encode(message.withRetain(true)));
    }

    private void apply(ConsumerRecord<byte[], byte[]> record) {
        if (record.value() == null) {
            store.remove(new String(record.key(), StandardCharsets.UTF_8));
        } else {
            store.apply(PublishedMessageCodec.decode(record.value()));
        }
    }
}
