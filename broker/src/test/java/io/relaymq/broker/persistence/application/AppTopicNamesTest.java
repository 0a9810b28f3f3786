package io.relaymq.broker.persistence.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class AppTopicNamesTest {

    @Test
    void lettersAndDigitsStayReadableEverythingElseIsEscaped() {
        assertThat(AppTopicNames.forClient("backend1")).isEqualTo("relaymq.app.backend1");
        assertThat(AppTopicNames.forClient("backend-1")).isEqualTo("relaymq.app.backend--1");
        assertThat(AppTopicNames.forClient("app:1")).isEqualTo("relaymq.app.app-3a1");
        assertThat(AppTopicNames.forClient("a_b.c")).isEqualTo("relaymq.app.a-5fb-2ec");
        assertThat(AppTopicNames.forClient("äö")).isEqualTo("relaymq.app.-c3-a4-c3-b6");
        assertThat(AppTopicNames.forSharedFilter("fleet/+/telemetry/#"))
                .isEqualTo("relaymq.app.shared.fleet-2f-2b-2ftelemetry-2f-23");
    }

    @Test
    void tooLongNamesBecomeAMarkedHash() {
        String name = AppTopicNames.forClient("x".repeat(1000));
        assertThat(name).matches("relaymq\\.app\\.-h[0-9a-f]{64}");
        assertThat(AppTopicNames.forClient("x".repeat(999))).isNotEqualTo(name).hasSize(name.length());
        // the longest plain name still fits Kafka's 249 characters
        String longest = "x".repeat(AppTopicNames.clientSegmentMax());
        assertThat(AppTopicNames.forClient(longest)).hasSize(249).endsWith(longest);
        assertThat(AppTopicNames.forSharedFilter("a/".repeat(200) + "#"))
                .matches("relaymq\\.app\\.shared\\.-h[0-9a-f]{64}");
    }

    @Test
    void consumerGroupsOfClientsAndSharedSubscriptionsAreDisjoint() {
        assertThat(AppTopicNames.clientGroup("relaymq-app-", "app-1")).isEqualTo("relaymq-app-app--1");
        assertThat(AppTopicNames.sharedGroup("relaymq-app-", "g", "x/+")).isEqualTo("relaymq-app-shared.g.x-2f-2b");
        // the old ids: client "shared-g-x" took the group of share name g on filter x
        assertThat(AppTopicNames.clientGroup("p-", "shared-g-x"))
                .isNotEqualTo(AppTopicNames.sharedGroup("p-", "g", "x"));
        assertThat(AppTopicNames.clientGroup("p-", "shared.g.x"))
                .isNotEqualTo(AppTopicNames.sharedGroup("p-", "g", "x"));
        assertThat(AppTopicNames.sharedGroup("p-", "a.b", "c"))
                .isNotEqualTo(AppTopicNames.sharedGroup("p-", "a", "b.c"));
    }

    @Test
    void everyNameTheBrokerWritesPassesTheLayoutCheck() {
        for (String s : List.of("a", "shared", "shared.x", "-h", "--", "x".repeat(1000), "ä€😀", "\uD800", "a/+/#")) {
            assertThat(AppTopicLayout.isOwn(AppTopicNames.forClient(s))).as(s).isTrue();
            assertThat(AppTopicLayout.isOwn(AppTopicNames.forSharedFilter(s)))
                    .as(s)
                    .isTrue();
        }
    }

    @Test
    void namesTheBrokerDoesNotWriteFailTheLayoutCheck() {
        for (String name : List.of(
                "relaymq.app.a.b",
                "relaymq.app.a_b",
                "relaymq.app.-41",
                "relaymq.app.-2d",
                "relaymq.app.-2F",
                "relaymq.app.a-",
                "relaymq.app.a-2",
                "relaymq.app.",
                "relaymq.app.-habc",
                "relaymq.app.shared.",
                "relaymq.app.shared.a.b",
                "relaymq.app.h." + "0".repeat(64))) {
            assertThat(AppTopicLayout.isOwn(name)).as(name).isFalse();
        }
        assertThatThrownBy(() -> AppTopicLayout.check(List.of("relaymq.msg.all", "relaymq.msg.app.backend-1")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("relaymq.msg.app.backend-1")
                .hasMessageContaining("earlier APPLICATION topic layout");
        assertThatThrownBy(() -> AppTopicLayout.check(List.of("relaymq.app.ok", "relaymq.app.a.b")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("relaymq.app.a.b");
        AppTopicLayout.check(List.of("relaymq.msg.all", "relaymq.app.ok", AppTopicNames.forSharedFilter("x/#")));
    }
}
