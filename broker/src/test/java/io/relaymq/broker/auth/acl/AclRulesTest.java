package io.relaymq.broker.auth.acl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relaymq.dao.credentials.AuthRules;
import java.util.List;
import org.junit.jupiter.api.Test;

class AclRulesTest {

    @Test
    void aTopicIsAllowedWhenAPatternMatchesItWhole() {
        AclRules rules = AclRules.of(new AuthRules(List.of("sensors/[^/]+/temp"), List.of("commands/.*")), null);
        assertThat(rules.mayPublish("sensors/a/temp")).isTrue();
        assertThat(rules.mayPublish("sensors/a/temp/x")).isFalse();
        assertThat(rules.mayPublish("xsensors/a/temp")).isFalse();
        assertThat(rules.maySubscribe("commands/#")).isTrue();
        assertThat(rules.maySubscribe("sensors/#")).isFalse();
    }

    @Test
    void emptyListsAllowNothingAndAllowAllAllowsEverything() {
        AclRules none = AclRules.of(new AuthRules(List.of(), null), null);
        assertThat(none.mayPublish("a")).isFalse();
        assertThat(none.maySubscribe("#")).isFalse();
        assertThat(AclRules.ALLOW_ALL.mayPublish("any/topic")).isTrue();
        assertThat(AclRules.DENY_ALL.maySubscribe("a")).isFalse();
    }

    @Test
    void certificateCnIsSubstitutedQuoted() {
        AclRules rules = AclRules.of(new AuthRules(List.of("devices/${cn}/.*"), List.of()), "dev.1+x");
        assertThat(rules.mayPublish("devices/dev.1+x/up")).isTrue();
        // the dot and plus of the CN are literal, not regex operators
        assertThat(rules.mayPublish("devices/devX1x/up")).isFalse();
    }

    @Test
    void anInvalidPatternAllowsNothingAndIsRejectedByValidation() {
        AuthRules broken = new AuthRules(List.of("sensors/(", "ok/.*"), List.of());
        AclRules rules = AclRules.of(broken, null);
        assertThat(rules.mayPublish("ok/1")).isTrue();
        assertThat(rules.mayPublish("sensors/(")).isFalse();
        assertThatThrownBy(() -> AclRules.validate(broken))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("sensors/(");
    }

    @Test
    void combinedRulesAllowWhatEitherAllows() {
        AclRules a = AclRules.of(new AuthRules(List.of("a"), List.of()), null);
        AclRules b = AclRules.of(new AuthRules(List.of("b"), List.of("s")), null);
        AclRules both = a.or(b);
        assertThat(both.mayPublish("a")).isTrue();
        assertThat(both.mayPublish("b")).isTrue();
        assertThat(both.maySubscribe("s")).isTrue();
        assertThat(both.mayPublish("c")).isFalse();
    }
}
