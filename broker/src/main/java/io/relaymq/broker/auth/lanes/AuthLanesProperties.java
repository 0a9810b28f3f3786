package io.relaymq.broker.auth.lanes;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * {@code relaymq.auth.lanes.*}: how much authentication work unauthenticated clients can cause.
 *
 * @param queueSize                    CONNECTs waiting for an auth thread; beyond it: server busy
 * @param hashThreads                  threads that run bcrypt; 0 = one per core
 * @param hashQueueSize                password hashes waiting for a hash thread; beyond it: server busy
 * @param hashQueuePerAddress          password hashes one client address may have waiting or running
 * @param backoffFailuresPerAddress    wrong passwords from one address before it is backed off (0: never)
 * @param backoffFailuresPerCredentials wrong passwords for one credentials before they are backed off (0: never)
 * @param backoffMax                   longest back-off (1 s doubling per further failure); failures are
 *                                     forgotten after this long without one
 * @param refusalDelay                 how long a load-shedding refusal (back-off, server busy) is held before
 *                                     its CONNACK, so a client retrying at once cannot turn refusals into a
 *                                     CPU flood (0: answer at once); stays below the CONNECT deadline
 */
@Validated
@ConfigurationProperties("relaymq.auth.lanes")
public record AuthLanesProperties(
        @Min(1) int queueSize,
        @Min(0) int hashThreads,
        @Min(1) int hashQueueSize,
        @Min(1) int hashQueuePerAddress,
        @Min(0) int backoffFailuresPerAddress,
        @Min(0) int backoffFailuresPerCredentials,
        @NotNull Duration backoffMax,
        @NotNull Duration refusalDelay) {

    /** The hash threads to start. */
    public int effectiveHashThreads() {
        return hashThreads > 0 ? hashThreads : Runtime.getRuntime().availableProcessors();
    }
}
