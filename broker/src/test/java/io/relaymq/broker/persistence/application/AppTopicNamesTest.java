package io.relaymq.broker.persistence.application;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AppTopicNamesTest {

    @Test
    void readableNamesStayReadable() {
        assertThat(AppTopicNames.forClient("backend-1")).isEqualTo("relaymq.msg.app.backend-1");
        assertThat(AppTopicNames.forSharedFilter("fleet/+/telemetry/#"))
                .isEqualTo("relaymq.msg.app.shared.fleet.slw.telemetry.mlw");
    }

    @Test
    void forbiddenCharactersGetAStableHashSoNamesNeverCollide() {
        String a = AppTopicNames.forClient("app:1");
        String b = AppTopicNames.forClient("app@1");
        assertThat(a).matches("relaymq\\.msg\\.app\\.app1-[0-9a-f]{16}").isNotEqualTo(b);
        assertThat(AppTopicNames.forClient("app:1")).isEqualTo(a);
        assertThat(AppTopicNames.forClient("app1")).isEqualTo("relaymq.msg.app.app1");
        assertThat(AppTopicNames.forClient("äöü")).matches("relaymq\\.msg\\.app\\.-[0-9a-f]{16}");
    }

    @Test
    void longNamesAreCutToKafkasLimit() {
        String name = AppTopicNames.forClient("x".repeat(1000));
        assertThat(name).hasSize(249).endsWith(name.substring(name.length() - 17)).contains("-");
        assertThat(AppTopicNames.forClient("x".repeat(999))).isNotEqualTo(name).hasSize(249);
    }
}
