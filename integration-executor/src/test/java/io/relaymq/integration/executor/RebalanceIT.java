package io.relaymq.integration.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.relaymq.integration.model.IntegrationRecords;
import io.relaymq.integration.model.IntegrationStatus;
import io.relaymq.integration.model.IntegrationType;
import io.relaymq.integration.target.MessageJson;
import io.relaymq.integration.target.http.HttpTargetFactory;
import io.relaymq.localinfra.junit.LocalStackExtension;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.common.utils.Utils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.node.ObjectNode;

/**
 * Two executors in one group while messages flow: a second one joins (its share of the partitions moves to
 * it), then the first one leaves. Every message arrives at least once, in order per integration, and both
 * executors delivered a part: the endpoint holds its answers from before b starts until b has partitions, so
 * a cannot finish everything first.
 */
@ExtendWith(LocalStackExtension.class)
class RebalanceIT {

    private static final int COUNT = 100;
    private static final int INTEGRATIONS = 6;

    private ExecutorFixture fixture;
    private HttpEndpoint endpoint;

    @AfterEach
    void stop() {
        fixture.close();
        endpoint.close();
    }

    @Test
    void executorsJoiningAndLeavingShareTheWorkWithoutLoss(StackEndpoints stack) throws Exception {
        fixture = new ExecutorFixture(stack);
        endpoint = new HttpEndpoint();
        endpoint.latency(Duration.ofMillis(50));
        List<UUID> ids = twoPerPartition();
        for (UUID id : ids) {
            fixture.define(id, "share", IntegrationType.HTTP, true, config(id), 1);
        }
        for (int i = 0; i < COUNT; i++) {
            for (UUID id : ids) {
                fixture.route(id, "t", Integer.toString(i));
            }
        }
        var factories = List.of(new HttpTargetFactory(new MessageJson(fixture.mapper())));

        IntegrationExecutor a = fixture.start("it-rebalance-a", factories);
        await().atMost(Duration.ofSeconds(60)).until(() -> total(ids) >= COUNT);
        // hold the endpoint so a cannot finish the rest before b is given partitions
        endpoint.hold();
        IntegrationExecutor b;
        try {
            b = fixture.start("it-rebalance-b", factories);
            await().atMost(Duration.ofSeconds(50)).until(() -> hasPartitions("it-rebalance-b"));
        } finally {
            endpoint.release();
        }
        await().atMost(Duration.ofSeconds(60)).until(() -> delivered(b, ids) > 0);
        long aBeforeLeaving = delivered(a, ids);
        a.close();
        await().atMost(Duration.ofSeconds(90)).until(() -> ids.stream().allMatch(this::covered));

        assertThat(aBeforeLeaving).isPositive();
        assertThat(delivered(b, ids)).isPositive();
        for (UUID id : ids) {
            List<Integer> got =
                    endpoint.accepted("/" + id).stream().map(Integer::parseInt).toList();
            List<List<Integer>> runs = runs(got);
            System.out.printf(
                    "%s: %d deliveries of %d messages, %d duplicates, %d runs%n",
                    id, got.size(), COUNT, got.size() - COUNT, runs.size());
            assertThat(runs).as("in order, at most one rewind per rebalance").hasSizeLessThanOrEqualTo(3);
            assertThat(runs.get(0).get(0)).isZero();
            List<Integer> last = runs.get(runs.size() - 1);
            assertThat(last.get(last.size() - 1)).isEqualTo(COUNT - 1);
        }
    }

    /** Posts to the endpoint; a request may be held while b joins, so it may take up to 60 s. */
    private ObjectNode config(UUID id) {
        return fixture.mapper()
                .createObjectNode()
                .put("url", endpoint.url("/" + id))
                .put("requestTimeoutMs", 60_000);
    }

    /** Whether the executor {@code executorId} is a member of the group with partitions assigned. */
    private boolean hasPartitions(String executorId) throws Exception {
        String group = fixture.properties(executorId).consumerGroup();
        try (Admin admin = new ExecutorClients(fixture.properties("it-rebalance-probe")).admin()) {
            ConsumerGroupDescription d = admin.describeConsumerGroups(List.of(group))
                    .describedGroups()
                    .get(group)
                    .get(10, TimeUnit.SECONDS);
            return d.members().stream()
                    .anyMatch(m -> m.clientId().equals("relaymq-integration-" + executorId + "-messages")
                            && !m.assignment().topicPartitions().isEmpty());
        }
    }

    /** Integration ids whose records land two in each of the 3 partitions (Kafka's key hash). */
    private static List<UUID> twoPerPartition() {
        List<UUID> ids = new ArrayList<>();
        int[] perPartition = new int[3];
        while (ids.size() < INTEGRATIONS) {
            UUID id = UUID.randomUUID();
            int partition = Utils.toPositive(Utils.murmur2(IntegrationRecords.key(id))) % 3;
            if (perPartition[partition] < 2) {
                perPartition[partition]++;
                ids.add(id);
            }
        }
        return ids;
    }

    private long total(List<UUID> ids) {
        return ids.stream().mapToLong(id -> endpoint.accepted("/" + id).size()).sum();
    }

    private static long delivered(IntegrationExecutor executor, List<UUID> ids) {
        return ids.stream()
                .mapToLong(id -> executor.board()
                        .status(id)
                        .map(IntegrationStatus::delivered)
                        .orElse(0L))
                .sum();
    }

    private boolean covered(UUID id) {
        return new HashSet<>(endpoint.accepted("/" + id))
                .containsAll(
                        IntStream.range(0, COUNT).mapToObj(Integer::toString).toList());
    }

    /** Runs of consecutive numbers; a new run starts where a number repeats or jumps. */
    private static List<List<Integer>> runs(List<Integer> got) {
        List<List<Integer>> runs = new ArrayList<>();
        List<Integer> run = new ArrayList<>();
        for (int n : got) {
            if (!run.isEmpty() && n != run.get(run.size() - 1) + 1) {
                runs.add(run);
                run = new ArrayList<>();
            }
            run.add(n);
        }
        if (!run.isEmpty()) {
            runs.add(run);
        }
        return runs;
    }
}
