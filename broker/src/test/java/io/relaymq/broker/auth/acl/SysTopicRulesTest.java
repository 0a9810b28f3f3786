package io.relaymq.broker.auth.acl;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.broker.events.EventType;
import io.relaymq.broker.events.SysTopics;
import io.relaymq.dao.credentials.AuthRules;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code $SYS} topics name other clients: only a rule that names {@code $SYS} reaches them, and nobody publishes there. */
class SysTopicRulesTest {

    private static AclRules subscribeRules(String... patterns) {
        return AclRules.of(new AuthRules(List.of(".*"), List.of(patterns)), PlaceholderValues.NONE);
    }

    @Test
    void aRuleThatMatchesEverythingDoesNotGrantSysTopics() {
        AclRules everything = subscribeRules(".*");
        assertThat(everything.maySubscribe("a/b")).isTrue();
        assertThat(everything.maySubscribe("$SYS/relaymq/events/connected/c1")).isFalse();
        assertThat(everything.maySubscribe("$SYS/#")).isFalse();
        assertThat(everything.maySubscribe("$SYS")).isFalse();
        assertThat(subscribeRules(".+").maySubscribe("$SYS/#")).isFalse();
        assertThat(subscribeRules("[$].*").maySubscribe("$SYS/#")).isFalse();
    }

    @Test
    void clientsAllowedEverythingNeverGetSysTopics() {
        assertThat(AclRules.ALLOW_ALL.maySubscribe("$SYS/relaymq/events/#")).isFalse();
        assertThat(ClientGrant.anonymous().maySubscribe("$SYS/#")).isFalse();
    }

    @Test
    void aRuleNamingSysGrantsWhatItMatches() {
        AclRules sys = subscribeRules("\\$SYS/relaymq/events/.*");
        assertThat(sys.maySubscribe("$SYS/relaymq/events/#")).isTrue();
        assertThat(sys.maySubscribe("$SYS/relaymq/events/connected/+")).isTrue();
        assertThat(sys.maySubscribe("$SYS/other")).isFalse();
        // the rule is still a pattern like any other: it matches only what it matches
        assertThat(sys.maySubscribe("a/b")).isFalse();
    }

    @Test
    void aSharedSubscriptionToSysTopicsNeedsARuleNamingSysToo() {
        assertThat(subscribeRules(".*").maySubscribe("$share/g/$SYS/relaymq/events/#"))
                .isFalse();
        assertThat(subscribeRules("\\$share/g/\\$SYS/.*").maySubscribe("$share/g/$SYS/relaymq/events/#"))
                .isTrue();
    }

    @Test
    void aTopicThatOnlyStartsWithTheLettersIsNotSys() {
        assertThat(subscribeRules(".*").maySubscribe("$SYSTEM/x")).isTrue();
    }

    @Test
    void aPlaceholderValueOfSysGrantsNothing() {
        AclRules rules = AclRules.of(
                new AuthRules(List.of(), List.of("${username}/.*")), new PlaceholderValues("c", "$SYS", null));
        assertThat(rules.maySubscribe("$SYS/relaymq/events/#")).isFalse();
    }

    private static AclRules ownEventsRule(String clientId) {
        return AclRules.of(
                new AuthRules(List.of(), List.of("\\$SYS/relaymq/events/[^/]+/${clientId}")),
                new PlaceholderValues(clientId, null, null));
    }

    @Test
    void aPlaceholderInASysRuleStandsForTheClientsEncodedLevelOnly() {
        // the events of client "plant/7" are on the level "plant%2F7"
        String plantSlash7 = SysTopics.topic(EventType.CONNECTED, "plant/7");
        assertThat(plantSlash7).isEqualTo("$SYS/relaymq/events/connected/plant%2F7");
        assertThat(ownEventsRule("plant%2F7").maySubscribe(plantSlash7)).isFalse();
        // a client's rule matches its own encoded level
        assertThat(ownEventsRule("plant%2F7").maySubscribe(SysTopics.topic(EventType.CONNECTED, "plant%2F7")))
                .isTrue();
        assertThat(ownEventsRule("plant/7").maySubscribe(plantSlash7)).isTrue();
        assertThat(ownEventsRule("a+b").maySubscribe(SysTopics.topic(EventType.CONNECTED, "a+b")))
                .isTrue();
    }

    @Test
    void noClientIdReachesTheFallbackLevel() {
        String overlong = "x".repeat(SysTopics.MAX_CLIENT_LEVEL_BYTES + 1);
        String fallback = SysTopics.topic(EventType.CONNECTED, overlong);
        assertThat(fallback).isEqualTo(SysTopics.topic(EventType.CONNECTED, ""));
        for (String id : new String[] {"_", "%", "%25", overlong}) {
            assertThat(ownEventsRule(id).maySubscribe(fallback)).as(id).isFalse();
        }
    }

    @Test
    void noRuleAllowsPublishingToSys() {
        AclRules sys =
                AclRules.of(new AuthRules(List.of(".*", "\\$SYS/.*"), List.of("\\$SYS/.*")), PlaceholderValues.NONE);
        assertThat(sys.mayPublish("$SYS/relaymq/events/connected/c1")).isFalse();
        assertThat(sys.mayPublish("$SYS")).isFalse();
        assertThat(AclRules.ALLOW_ALL.mayPublish("$SYS/x")).isFalse();
        assertThat(sys.mayPublish("a/b")).isTrue();
    }
}
