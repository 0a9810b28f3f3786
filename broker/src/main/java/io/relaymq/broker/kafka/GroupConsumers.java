package io.relaymq.broker.kafka;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.springframework.context.SmartLifecycle;

/**
 * Consumer threads of one topic in a group shared by all nodes, each polling batches for the same
 * handler; started before the MQTT listeners open and stopped after they closed.
 *
 * @param name      thread and client name prefix
 * @param topic     the topic
 * @param group     the consumer group of all nodes
 * @param consumers threads on this node
 * @param maxPollRecords most records per batch
 */
public abstract class GroupConsumers implements SmartLifecycle {

    private final KafkaClientConfigs configs;
    private final String name;
    private final String topic;
    private final String group;
    private final int consumers;
    private final int maxPollRecords;
    private final List<ConsumerLoop> loops = new ArrayList<>();
    private volatile boolean running;

    protected GroupConsumers(KafkaClientConfigs configs, String name, String topic, String group, int consumers,
                             int maxPollRecords) {
        this.configs = configs;
        this.name = name;
        this.topic = topic;
        this.group = group;
        this.consumers = consumers;
        this.maxPollRecords = maxPollRecords;
    }

    /** One poll's records; may throw {@link ConsumerLoop.RetryBatch}. */
    protected abstract void handle(ConsumerRecords<byte[], byte[]> records);

    @Override
    public void start() {
        for (int i = 0; i < consumers; i++) {
            KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(configs.dataConsumer(name + "-" + i, group, maxPollRecords));
            consumer.subscribe(List.of(topic));
            Consumer<ConsumerRecords<byte[], byte[]>> handler = this::handle;
            ConsumerLoop loop = new ConsumerLoop(name + "-consumer-" + i, consumer, handler, true);
            loops.add(loop);
            loop.start();
        }
        running = true;
    }

    @Override
    public void stop() {
        running = false;
        loops.forEach(ConsumerLoop::stop);
        loops.clear();
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @Override
    public int getPhase() {
        return 100;
    }
}
