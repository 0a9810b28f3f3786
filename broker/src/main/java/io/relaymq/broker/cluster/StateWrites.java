package io.relaymq.broker.cluster;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.relaymq.broker.kafka.KafkaProperties;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.apache.kafka.clients.producer.Producer;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * What every state-topic writer shares: the retry settings ({@code relaymq.kafka.state.write-*}), the
 * thread that sends failed updates again, and the metric {@code relaymq.kafka.state.write.failures}
 * (per topic).
 */
@Component
public class StateWrites implements DisposableBean {

    private final KafkaProperties.State settings;
    private final MeterRegistry meters;
    private final ScheduledExecutorService retries;

    public StateWrites(KafkaProperties kafka, MeterRegistry meters) {
        this.settings = kafka.state();
        this.meters = meters;
        this.retries = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "state-write-retries");
            t.setDaemon(true);
            return t;
        });
    }

    /** A confirmed writer of {@code topic} through {@code producer}. */
    public StateTopicWriter writer(String topic, Producer<byte[], byte[]> producer) {
        Counter failures = Counter.builder("relaymq.kafka.state.write.failures")
                .description("Updates of a state topic that Kafka did not acknowledge (each is sent again)")
                .tag("topic", topic)
                .register(meters);
        return new StateTopicWriter(
                topic, producer, retries, settings.writeRetryBackoff(), settings.writeRetryMaxBackoff(), failures);
    }

    /** How long a stopping node waits for unacknowledged updates. */
    public Duration flushTimeout() {
        return settings.writeFlushTimeout();
    }

    @Override
    public void destroy() {
        retries.shutdownNow();
    }
}
