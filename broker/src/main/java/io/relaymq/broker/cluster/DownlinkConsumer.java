package io.relaymq.broker.cluster;

import io.relaymq.broker.kafka.BatchHandler;
import io.relaymq.broker.kafka.ConsumerLoop;
import io.relaymq.broker.kafka.ConsumerLoops;
import io.relaymq.broker.kafka.ConsumerWorker;
import io.relaymq.broker.kafka.KafkaClients;
import io.relaymq.broker.kafka.LoopPlan;
import io.relaymq.common.node.NodeId;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.BiConsumer;
import org.apache.kafka.clients.consumer.Consumer;

/** Reads one of this node's downlink topics and hands each record (client id, value) to the handler. */
public class DownlinkConsumer extends ConsumerWorker {

    private final String name;
    private final KafkaClients clients;
    private final ConsumerLoops loops;
    private final Downlink downlink;
    private final String nodeId;
    private final BiConsumer<String, byte[]> handler;

    public DownlinkConsumer(
            String name,
            KafkaClients clients,
            ConsumerLoops loops,
            Downlink downlink,
            NodeId nodeId,
            BiConsumer<String, byte[]> handler) {
        super(100);
        this.name = name;
        this.clients = clients;
        this.loops = loops;
        this.downlink = downlink;
        this.nodeId = nodeId.value();
        this.handler = handler;
    }

    @Override
    protected ConsumerLoop createLoop() {
        return loops.create(
                name + "-consumer",
                () -> {
                    // no reset to the end: what other nodes sent before this group first committed is delivered
                    Consumer<byte[], byte[]> consumer =
                            clients.dataConsumer(name, "relaymq-" + name + "-" + nodeId, 2000, KafkaClients.Start.FAIL);
                    consumer.subscribe(List.of(downlink.topicOf(nodeId)));
                    return consumer;
                },
                BatchHandler.eachRecord(
                        record -> {
                            handler.accept(new String(record.key(), StandardCharsets.UTF_8), record.value());
                            return null;
                        },
                        () -> {}),
                LoopPlan.Commits.PERIODICALLY);
    }
}
