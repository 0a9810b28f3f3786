package io.relaymq.broker.kafka;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.Consumer;

/**
 * Builds every {@link ConsumerLoop} of the node with the same failure handling (attempts per record, the
 * dead-letter topic, the pause before a batch is read again), measures them ({@code relaymq.kafka.consumer.loops}
 * running, {@code relaymq.kafka.consumer.restarts} by kind) and keeps track of the node-wide ones for the node's
 * health: {@link #unhealthy()} names those that are down or whose batches keep failing.
 */
public class ConsumerLoops {

    private final DeadLetters deadLetters;
    private final int maxAttempts;
    private final Duration retryPause;
    private final Duration commitInterval;
    private final MeterRegistry meters;
    private final Map<String, Counter> restarts = new ConcurrentHashMap<>();
    private final Set<ConsumerLoop> loops = ConcurrentHashMap.newKeySet();
    private final ConsumerLoop.Listener listener = new ConsumerLoop.Listener() {
        @Override
        public void restarting(LoopPlan plan) {
            restarts.computeIfAbsent(
                            plan.kind(),
                            kind -> Counter.builder("relaymq.kafka.consumer.restarts")
                                    .description("Kafka consumer loops that failed and were started again")
                                    .tag("kind", kind)
                                    .register(meters))
                    .increment();
        }

        @Override
        public void ended(ConsumerLoop loop) {
            loops.remove(loop);
        }
    };

    public ConsumerLoops(DeadLetters deadLetters, KafkaProperties kafka, MeterRegistry meters) {
        this.deadLetters = deadLetters;
        this.maxAttempts = kafka.deadLetter().maxAttempts();
        this.retryPause = kafka.deadLetter().retryPause();
        this.commitInterval = kafka.dataFetch().commitInterval();
        this.meters = meters;
        Gauge.builder("relaymq.kafka.consumer.loops", loops, Set::size)
                .description("Kafka consumer loops created and not yet ended")
                .register(meters);
    }

    /** A node-wide loop with no hooks, not yet started. */
    public ConsumerLoop create(
            String name, Supplier<Consumer<byte[], byte[]>> consumers, BatchHandler handler, LoopPlan.Commits commits) {
        return create(LoopPlan.of(name, consumers, handler, commits));
    }

    /** A loop, not yet started. */
    public ConsumerLoop create(LoopPlan plan) {
        ConsumerLoop loop = new ConsumerLoop(plan, deadLetters, maxAttempts, retryPause, commitInterval, listener);
        loops.add(loop);
        return loop;
    }

    /** The names of the running node-wide loops that are down or keep failing. */
    public List<String> unhealthy() {
        return loops.stream()
                .filter(l -> l.plan().nodeWide() && l.isRunning() && !l.isHealthy())
                .map(ConsumerLoop::name)
                .toList();
    }
}
