package io.relaymq.broker.kafka;

import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.consumer.Consumer;
import org.springframework.context.SmartLifecycle;

/**
 * Consumer threads of one topic in a group shared by all nodes, each polling batches for the same
 * handler; started before the MQTT listeners open and stopped after they closed.
 */
public abstract class GroupConsumers implements SmartLifecycle {

    private final KafkaClients clients;
    private final ConsumerLoops loops;
    private final String name;
    private final String topic;
    private final String group;
    private final int consumers;
    private final int maxPollRecords;
    private final List<ConsumerLoop> running = new ArrayList<>();
    private volatile boolean started;

    /**
     * @param name           thread and client name prefix
     * @param topic          the topic
     * @param group          the consumer group of all nodes
     * @param consumers      threads on this node
     * @param maxPollRecords most records per batch
     */
    protected GroupConsumers(
            KafkaClients clients,
            ConsumerLoops loops,
            String name,
            String topic,
            String group,
            int consumers,
            int maxPollRecords) {
        this.clients = clients;
        this.loops = loops;
        this.name = name;
        this.topic = topic;
        this.group = group;
        this.consumers = consumers;
        this.maxPollRecords = maxPollRecords;
    }

    /** One poll's records; may throw {@link ConsumerLoop.RetryBatch}. */
    protected abstract void handle(Batch batch);

    @Override
    public void start() {
        for (int i = 0; i < consumers; i++) {
            String clientName = name + "-" + i;
            ConsumerLoop loop = loops.create(
                    name + "-consumer-" + i,
                    () -> {
                        Consumer<byte[], byte[]> consumer =
                                clients.dataConsumer(clientName, group, maxPollRecords, KafkaClients.Start.FAIL);
                        consumer.subscribe(List.of(topic));
                        return consumer;
                    },
                    this::handle,
                    LoopPlan.Commits.PERIODICALLY);
            running.add(loop);
            loop.start();
        }
        started = true;
    }

    @Override
    public void stop() {
        started = false;
        running.forEach(ConsumerLoop::stop);
        running.clear();
    }

    @Override
    public boolean isRunning() {
        return started;
    }

    @Override
    public int getPhase() {
        return 100;
    }
}
