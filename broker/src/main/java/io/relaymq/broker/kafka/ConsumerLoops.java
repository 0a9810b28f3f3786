package io.relaymq.broker.kafka;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.Consumer;

/**
 * Builds every {@link ConsumerLoop} of the node with the same failure handling (attempts per record, the
 * dead-letter topic, the pause before a batch is read again) and keeps track of them for the node's health:
 * {@link #unhealthy()} names the loops that are down or whose batches keep failing.
 */
public class ConsumerLoops {

    private final DeadLetters deadLetters;
    private final int maxAttempts;
    private final Duration retryPause;
    private final Counter restarts;
    private final List<ConsumerLoop> loops = new CopyOnWriteArrayList<>();

    public ConsumerLoops(DeadLetters deadLetters, KafkaProperties kafka, MeterRegistry meters) {
        this.deadLetters = deadLetters;
        this.maxAttempts = kafka.deadLetter().maxAttempts();
        this.retryPause = kafka.deadLetter().retryPause();
        this.restarts = Counter.builder("relaymq.kafka.consumer.restarts")
                .description("Kafka consumer loops that failed and were started again")
                .register(meters);
    }

    /**
     * A loop, not yet started.
     *
     * @param consumers creates the consumer, subscribed or assigned; called again after each failure
     * @param commit    commit offsets of finished batches (group consumers)
     */
    public ConsumerLoop create(
            String name, Supplier<Consumer<byte[], byte[]>> consumers, BatchHandler handler, boolean commit) {
        ConsumerLoop loop = new ConsumerLoop(
                name, consumers, handler, commit, deadLetters, maxAttempts, retryPause, failed -> restarts.increment());
        loops.removeIf(old -> !old.isRunning());
        loops.add(loop);
        return loop;
    }

    /** The names of the running loops that are down or keep failing. */
    public List<String> unhealthy() {
        return loops.stream()
                .filter(l -> l.isRunning() && !l.isHealthy())
                .map(ConsumerLoop::name)
                .toList();
    }
}
