package io.relaymq.broker.kafka;

import java.util.List;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.stereotype.Component;

/**
 * DOWN while one of the node's Kafka consumer loops is down (restarting after a failure) or keeps failing
 * its batches for unexpected reasons; part of readiness and liveness, so an orchestrator takes the node out
 * of service and, if it does not recover, restarts it.
 */
@Component("consumers")
class ConsumerLoopsHealthIndicator extends AbstractHealthIndicator {

    private final ConsumerLoops loops;

    ConsumerLoopsHealthIndicator(ConsumerLoops loops) {
        super("Kafka consumer loop health check failed");
        this.loops = loops;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        List<String> unhealthy = loops.unhealthy();
        if (unhealthy.isEmpty()) {
            builder.up();
        } else {
            builder.down().withDetail("failing", unhealthy);
        }
    }
}
