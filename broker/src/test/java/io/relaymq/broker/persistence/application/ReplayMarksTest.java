package io.relaymq.broker.persistence.application;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.broker.kafka.RouteSource;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Copies of msg.all records routed again after a router crash land in an APPLICATION client's topic
 * after their originals; a QoS 2 message must reach the client once
 * (MQTT 5 section 4.3.3, "Exactly once delivery").
 */
class ReplayMarksTest {

    private final ReplayMarks marks = new ReplayMarks();

    @Test
    void copiesFromOffsetsAlreadySeenAreReplays() {
        assertThat(marks.replayed(new RouteSource(0, 10))).isFalse();
        assertThat(marks.replayed(new RouteSource(0, 12))).isFalse();
        assertThat(marks.replayed(new RouteSource(0, 10))).as("copy of 10").isTrue();
        assertThat(marks.replayed(new RouteSource(0, 11)))
                .as("routed before 12 in offset order")
                .isTrue();
        assertThat(marks.replayed(new RouteSource(0, 12))).as("copy of 12").isTrue();
        assertThat(marks.replayed(new RouteSource(0, 13))).isFalse();
    }

    @Test
    void partitionsHaveTheirOwnMarks() {
        assertThat(marks.replayed(new RouteSource(0, 100))).isFalse();
        assertThat(marks.replayed(new RouteSource(1, 5))).isFalse();
        assertThat(marks.replayed(new RouteSource(1, 5))).isTrue();
        assertThat(marks.replayed(new RouteSource(0, 100))).isTrue();
    }

    // a reader stopped (the client went away) with records 5..7 read and not sent; a copy of source 1 sat at 6
    @Test
    void originalsReadAgainAfterTheirReaderStoppedAreNotCopies() {
        assertThat(marks.replayed(5, new RouteSource(0, 20))).isFalse();
        assertThat(marks.replayed(6, new RouteSource(0, 20))).as("a copy of 20").isTrue();
        assertThat(marks.replayed(7, new RouteSource(0, 21))).isFalse();
        marks.unsent(List.of(5L, 7L));

        assertThat(marks.replayed(5, new RouteSource(0, 20))).as("read again").isFalse();
        assertThat(marks.replayed(6, new RouteSource(0, 20))).as("still a copy").isTrue();
        assertThat(marks.replayed(7, new RouteSource(0, 21))).as("read again").isFalse();
        assertThat(marks.replayed(7, new RouteSource(0, 21)))
                .as("once: a copy routed again later is one")
                .isTrue();
        assertThat(marks.replayed(8, new RouteSource(0, 22))).isFalse();
    }

    @Test
    void offsetsSkippedByTheNextReaderAreForgotten() {
        marks.replayed(5, new RouteSource(0, 20));
        marks.unsent(List.of(5L));
        // the next reader began after 5 (a clean start reads from the end)
        assertThat(marks.replayed(9, new RouteSource(0, 30))).isFalse();
        assertThat(marks.replayed(5, new RouteSource(0, 20))).isTrue();
    }

    @Test
    void recordsWithoutASourceAreNeverReplays() {
        assertThat(marks.replayed(null)).isFalse();
        assertThat(marks.replayed(null)).isFalse();
    }
}
