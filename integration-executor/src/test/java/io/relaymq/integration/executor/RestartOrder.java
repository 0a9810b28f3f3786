package io.relaymq.integration.executor;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.stream.IntStream;

/**
 * What the restart tests check on the deliveries of one integration that was sent the numbers 0 to count - 1 in
 * order: each number arrived at least once, and in order except for at most one rewind (the restart, which may
 * repeat what was in flight).
 */
final class RestartOrder {

    private RestartOrder() {}

    /** Whether every number from 0 to {@code count} - 1 is among {@code got}. */
    static boolean covers(List<Integer> got, int count) {
        return new HashSet<>(got).containsAll(IntStream.range(0, count).boxed().toList());
    }

    /** Prints how {@code got} ran and asserts: every number, from 0 up to {@code count} - 1, at most one rewind. */
    static void assertAtLeastOnceInOrder(String name, List<Integer> got, int count) {
        List<List<Integer>> runs = runs(got);
        System.out.printf(
                "%s: %d deliveries of %d messages, %d duplicates, runs %s%n",
                name,
                got.size(),
                count,
                got.size() - count,
                runs.stream().map(r -> r.get(0) + ".." + r.get(r.size() - 1)).toList());
        assertThat(covers(got, count))
                .as("%s: every message at least once", name)
                .isTrue();
        assertThat(runs)
                .as("%s: in order, at most one rewind (the restart)", name)
                .hasSizeLessThanOrEqualTo(2);
        assertThat(runs.get(0).get(0))
                .as("%s: starts at the first message", name)
                .isZero();
        List<Integer> last = runs.get(runs.size() - 1);
        assertThat(last.get(last.size() - 1))
                .as("%s: ends at the last message", name)
                .isEqualTo(count - 1);
    }

    /** Splits the deliveries into runs of consecutive numbers; a new run starts where a number repeats or jumps. */
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
