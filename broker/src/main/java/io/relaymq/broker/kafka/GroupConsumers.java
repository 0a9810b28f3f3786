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
    private final boolean bursts;
    private final List<ConsumerLoop> running = new ArrayList<>();
    private volatile boolean started;

    /**
     * @param name           thread and client name prefix
     * @param topic          the topic
     * @param group          the consumer group of all nodes
     * @param consumers      threads on this node
     * @param maxPollRecords most records per batch
     * @param bursts         the topic is written in bursts (once per routed msg.all poll), so it is fetched at the
     *                       first record with a gap between polls ({@link KafkaClients#burstConsumer}); false for
     *                       a topic written all the time
     */
    protected GroupConsumers(
            KafkaClients clients,
            ConsumerLoops loops,
            String name,
            String topic,
            String group,
            int consumers,
            int maxPollRecords,
            boolean bursts) {
        this.clients = clients;
        this.loops = loops;
        this.name = name;
        this.topic = topic;
        this.group = group;
        this.consumers = consumers;
        this.maxPollRecords = maxPollRecords;
        this.bursts = bursts;
    }

    /** One poll's records; may throw {@link ConsumerLoop.RetryBatch}. */
    protected abstract void handle(Batch batch);

    @Override
    public void start() {
        for (int i = 0; i < consumers; i++) {
            String clientName = name + "-" + i;
            LoopPlan plan = LoopPlan.of(
                    name + "-consumer-" + i,
                    () -> {
                        Consumer<byte[], byte[]> consumer = bursts
                                ? clients.burstConsumer(clientName, group, maxPollRecords, KafkaClients.Start.FAIL)
                                : clients.dataConsumer(clientName, group, maxPollRecords, KafkaClients.Start.FAIL);
                        consumer.subscribe(List.of(topic));
                        return consumer;
                    },
                    this::handle,
                    LoopPlan.Commits.PERIODICALLY);
            ConsumerLoop loop = loops.create(bursts ? plan.withPollGap(clients.burstPollGap()) : plan);
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
