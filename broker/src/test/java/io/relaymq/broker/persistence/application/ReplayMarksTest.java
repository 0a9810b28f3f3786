package io.relaymq.broker.persistence.application;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.broker.kafka.RouteSource;
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

    @Test
    void recordsWithoutASourceAreNeverReplays() {
        assertThat(marks.replayed(null)).isFalse();
        assertThat(marks.replayed(null)).isFalse();
    }
}
