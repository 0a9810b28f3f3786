package io.relaymq.broker.events;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.broker.topic.TopicFilter;
import io.relaymq.broker.topic.TopicNames;
import org.junit.jupiter.api.Test;

class SysTopicsTest {

    @Test
    void aPlainClientIdIsItsOwnLevel() {
        assertThat(SysTopics.topic(EventType.CONNECTED, "sensor-1"))
                .isEqualTo("$SYS/relaymq/events/connected/sensor-1");
        assertThat(SysTopics.topic(EventType.SESSION_ENDED, "a")).isEqualTo("$SYS/relaymq/events/session_ended/a");
    }

    @Test
    void separatorsWildcardsAndThePercentSignAreEncoded() {
        assertThat(SysTopics.clientLevel("a/b")).isEqualTo("a%2Fb");
        assertThat(SysTopics.clientLevel("+")).isEqualTo("%2B");
        assertThat(SysTopics.clientLevel("#")).isEqualTo("%23");
        // the percent sign is encoded too, so "a%2Fb" and "a/b" get different levels
        assertThat(SysTopics.clientLevel("a%2Fb")).isEqualTo("a%252Fb");
    }

    @Test
    void everyEncodedTopicIsAValidNameWithExactlyFiveLevels() {
        for (String id : new String[] {"a/b/c", "+/#", "$x", "ü-ß", "//", "%"}) {
            String topic = SysTopics.topic(EventType.SUBSCRIBED, id);
            assertThat(TopicNames.isValidTopicName(topic)).as(id).isTrue();
            assertThat(topic.split("/", -1)).as(id).hasSize(5);
        }
    }

    @Test
    void anEmptyOrOverlongClientIdGetsTheFixedLevel() {
        assertThat(SysTopics.clientLevel("")).isEqualTo(SysTopics.OTHER_CLIENT);
        assertThat(SysTopics.clientLevel("x".repeat(SysTopics.MAX_CLIENT_LEVEL_BYTES)))
                .hasSize(SysTopics.MAX_CLIENT_LEVEL_BYTES);
        assertThat(SysTopics.clientLevel("x".repeat(SysTopics.MAX_CLIENT_LEVEL_BYTES + 1)))
                .isEqualTo(SysTopics.OTHER_CLIENT);
        // encoding triples a '/', so an id under the bound can give a level over it
        assertThat(SysTopics.clientLevel("/".repeat(100))).isEqualTo(SysTopics.OTHER_CLIENT);
    }

    @Test
    void noClientIdHasTheFixedLevelAsItsOwn() {
        assertThat(SysTopics.ownLevel("")).isEmpty();
        assertThat(SysTopics.ownLevel("x".repeat(SysTopics.MAX_CLIENT_LEVEL_BYTES + 1)))
                .isEmpty();
        // a real '%' is always encoded, so a lone '%' is never a client's own level
        for (String id : new String[] {"%", "_", "%25", SysTopics.OTHER_CLIENT}) {
            assertThat(SysTopics.ownLevel(id)).as(id).isPresent().get().isNotEqualTo(SysTopics.OTHER_CLIENT);
        }
    }

    @Test
    void aFilterStartingWithAWildcardDoesNotMatchTheEventTopics() {
        // [MQTT-4.7.2-1]
        String topic = SysTopics.topic(EventType.CONNECTED, "c1");
        assertThat(TopicFilter.parse("#").orElseThrow().matches(topic)).isFalse();
        assertThat(TopicFilter.parse("+/relaymq/events/#").orElseThrow().matches(topic))
                .isFalse();
        assertThat(TopicFilter.parse("$SYS/relaymq/events/#").orElseThrow().matches(topic))
                .isTrue();
    }
}
