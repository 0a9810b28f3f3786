package io.relaymq.broker.mqtt;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.broker.topic.TopicFilter;
import org.junit.jupiter.api.Test;

class TopicLimitsTest {

    private final TopicLimits limits = new TopicLimits(4, 12);

    @Test
    void levelsAreCountedBySeparators() {
        assertThat(limits.checkTopic("a/b/c/d")).isNull();
        assertThat(limits.checkTopic("a/b/c/d/")).isEqualTo("more than 4 levels");
        assertThat(limits.checkTopic("////")).isEqualTo("more than 4 levels");
    }

    @Test
    void lengthIsCountedInUtf8Bytes() {
        assertThat(limits.checkTopic("abcdefghijkl")).isNull();
        assertThat(limits.checkTopic("abcdefghijklm")).isEqualTo("longer than 12 bytes");
        // four characters of three bytes each is exactly the limit; one more two-byte character is over it
        assertThat(limits.checkTopic("\u20ac\u20ac\u20ac\u20ac")).isNull();
        assertThat(limits.checkTopic("\u20ac\u20ac\u20ac\u20ac\u00e9")).isEqualTo("longer than 12 bytes");
        // a supplementary character is four bytes (two chars)
        assertThat(limits.checkTopic("\uD83D\uDE00\uD83D\uDE00\uD83D\uDE00")).isNull();
        assertThat(limits.checkTopic("\uD83D\uDE00\uD83D\uDE00\uD83D\uDE00a")).isEqualTo("longer than 12 bytes");
    }

    @Test
    void aSharedFilterCountsTheLevelsOfItsFilterAndTheLengthOfItsWholeText() {
        TopicLimits wide = new TopicLimits(2, 30);
        assertThat(wide.checkFilter(TopicFilter.parse("$share/group/a/b").orElseThrow()))
                .isNull();
        assertThat(wide.checkFilter(TopicFilter.parse("$share/group/a/b/c").orElseThrow()))
                .isEqualTo("more than 2 levels");
        assertThat(wide.checkFilter(
                        TopicFilter.parse("$share/a-rather-longer-group/a/b").orElseThrow()))
                .isEqualTo("longer than 30 bytes");
    }
}
