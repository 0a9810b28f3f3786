package io.relaymq.broker.topic;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Topic names and filters, MQTT 3.1.1 §4.7 / 5.0 §4.7 and §4.8.2. */
class TopicFilterTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "#",
                "+",
                "sport/#",
                "sport/tennis/+",
                "+/+",
                "/+",
                "sport/+/player1",
                "$SYS/#",
                "a//b",
                "/",
                "replacement/\uFFFD"
            })
    void validFiltersAreAccepted(String filter) {
        assertThat(TopicFilter.parse(filter)).isPresent();
    }

    // [MQTT-4.7.1-1] '#' last and alone, [MQTT-4.7.1-2] '+' alone in its level, [MQTT-4.7.3-1] non-empty
    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "sport/tennis#",
                "sport/tennis/#/ranking",
                "sport+",
                "#/a",
                "a/b+/c",
                "nul\u0000l",
                "lone\uD800"
            })
    void malformedFiltersAreRejected(String filter) {
        assertThat(TopicFilter.parse(filter)).isEmpty();
    }

    @Test
    void sharedSubscriptionsSplitGroupAndFilter() {
        TopicFilter f = TopicFilter.parse("$share/consumers/sensors/+/temp").orElseThrow();
        assertThat(f.isShared()).isTrue();
        assertThat(f.shareGroup()).isEqualTo("consumers");
        assertThat(f.filter()).isEqualTo("sensors/+/temp");
        assertThat(f.text()).isEqualTo("$share/consumers/sensors/+/temp");
    }

    // [MQTT-4.8.2-1] share name present and without wildcards, [MQTT-4.8.2-2] a filter follows
    @ParameterizedTest
    @ValueSource(strings = {"$share/", "$share//a", "$share/g", "$share/g+/a", "$share/g#/a", "$share/g/"})
    void malformedSharedSubscriptionsAreRejected(String filter) {
        assertThat(TopicFilter.parse(filter)).isEmpty();
    }

    @ParameterizedTest
    @CsvSource({
        "sport/tennis/player1/#, sport/tennis/player1, true",
        "sport/tennis/player1/#, sport/tennis/player1/ranking, true",
        "sport/#, sport, true",
        "sport/tennis/+, sport/tennis/player1, true",
        "sport/tennis/+, sport/tennis/player1/ranking, false",
        "sport/+, sport, false",
        "sport/+, sport/, true",
        "+/+, /finance, true",
        "/+, /finance, true",
        "+, /finance, false",
        "#, $SYS/uptime, false",
        "+/monitor/Clients, $SYS/monitor/Clients, false",
        "$SYS/#, $SYS/uptime, true",
        "$SYS/monitor/+, $SYS/monitor/Clients, true",
        "ACCOUNTS, Accounts, false"
    })
    void matchingFollowsTheSpecExamples(String filter, String topic, boolean matches) {
        assertThat(TopicFilter.parse(filter).orElseThrow().matches(topic)).isEqualTo(matches);
    }

    @ParameterizedTest
    @ValueSource(strings = {"a/+", "a/#", "", "x\u0000y"})
    void topicNamesMayNotHoldWildcardsOrBeEmpty(String topic) {
        assertThat(TopicNames.isValidTopicName(topic)).isFalse();
    }

    @Test
    void unpairedSurrogatesAreIllFormed() {
        assertThat(TopicNames.isWellFormed("a\uD800b")).isFalse();
        assertThat(TopicNames.isWellFormed("a\uDC00")).isFalse();
        assertThat(TopicNames.isWellFormed("emoji \uD83D\uDE00")).isTrue();
    }
}
