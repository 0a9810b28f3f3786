package io.relaymq.broker.auth.acl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relaymq.dao.credentials.AuthRules;
import java.util.List;
import org.junit.jupiter.api.Test;

class AclRulesTest {

    @Test
    void aTopicIsAllowedWhenAPatternMatchesItWhole() {
        AclRules rules = AclRules.of(
                new AuthRules(List.of("sensors/[^/]+/temp"), List.of("commands/.*")), PlaceholderValues.NONE);
        assertThat(rules.mayPublish("sensors/a/temp")).isTrue();
        assertThat(rules.mayPublish("sensors/a/temp/x")).isFalse();
        assertThat(rules.mayPublish("xsensors/a/temp")).isFalse();
        assertThat(rules.maySubscribe("commands/#")).isTrue();
        assertThat(rules.maySubscribe("sensors/#")).isFalse();
    }

    @Test
    void emptyListsAllowNothingAndAllowAllAllowsEverything() {
        AclRules none = AclRules.of(new AuthRules(List.of(), null), PlaceholderValues.NONE);
        assertThat(none.mayPublish("a")).isFalse();
        assertThat(none.maySubscribe("#")).isFalse();
        assertThat(AclRules.ALLOW_ALL.mayPublish("any/topic")).isTrue();
        assertThat(AclRules.DENY_ALL.maySubscribe("a")).isFalse();
    }

    @Test
    void certificateCnIsSubstitutedQuoted() {
        AclRules rules = AclRules.of(
                new AuthRules(List.of("devices/${cn}/.*"), List.of()), new PlaceholderValues("c", "u", "dev.1*x"));
        assertThat(rules.mayPublish("devices/dev.1*x/up")).isTrue();
        // the dot and star of the CN are literal, not regex operators
        assertThat(rules.mayPublish("devices/devX1x/up")).isFalse();
        assertThat(rules.mayPublish("devices/dev.1111x/up")).isFalse();
    }

    @Test
    void anInvalidPatternAllowsNothingAndIsRejectedByValidation() {
        AuthRules broken = new AuthRules(List.of("sensors/(", "ok/.*"), List.of());
        AclRules rules = AclRules.of(broken, PlaceholderValues.NONE);
        assertThat(rules.mayPublish("ok/1")).isTrue();
        assertThat(rules.mayPublish("sensors/(")).isFalse();
        assertThatThrownBy(() -> AclRules.validate(broken))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("sensors/(");
    }

    @Test
    void combinedRulesAllowWhatEitherAllows() {
        AclRules a = AclRules.of(new AuthRules(List.of("a"), List.of()), PlaceholderValues.NONE);
        AclRules b = AclRules.of(new AuthRules(List.of("b"), List.of("s")), PlaceholderValues.NONE);
        AclRules both = a.or(b);
        assertThat(both.mayPublish("a")).isTrue();
        assertThat(both.mayPublish("b")).isTrue();
        assertThat(both.maySubscribe("s")).isTrue();
        assertThat(both.mayPublish("c")).isFalse();
    }

    @Test
    void clientIdAndUserNameAreSubstitutedQuoted() {
        AclRules rules = AclRules.of(
                new AuthRules(List.of("devices/${clientId}/.*"), List.of("users/${username}/#")),
                new PlaceholderValues("dev-1", "alice", null));
        assertThat(rules.mayPublish("devices/dev-1/up")).isTrue();
        assertThat(rules.mayPublish("devices/dev-2/up")).isFalse();
        assertThat(rules.maySubscribe("users/alice/#")).isTrue();
        assertThat(rules.maySubscribe("users/bob/#")).isFalse();
    }

    @Test
    void aClientIdOfRegexOperatorsWidensNothing() {
        AuthRules devices = new AuthRules(List.of("devices/${clientId}/.*"), List.of("devices/${clientId}/.*"));
        for (String hostile : List.of(".*", "b|.*", "[a-z]", "\\E.*\\Q", ".*\\E", "(?s).*")) {
            AclRules rules = AclRules.of(devices, new PlaceholderValues(hostile, null, null));
            assertThat(rules.mayPublish("devices/b/x")).as(hostile).isFalse();
            assertThat(rules.maySubscribe("devices/b/x")).as(hostile).isFalse();
            assertThat(rules.mayPublish("devices/" + hostile + "/x"))
                    .as(hostile)
                    .isTrue();
        }
    }

    @Test
    void aValueWithALevelSeparatorOrAWildcardMakesItsRuleMatchNothing() {
        AuthRules devices = new AuthRules(List.of("devices/${clientId}/.*"), List.of("devices/${clientId}/.*"));
        for (String hostile : List.of("a/#", "+", "#", "b/x", "a+", "x#")) {
            AclRules rules = AclRules.of(devices, new PlaceholderValues(hostile, null, null));
            assertThat(rules.mayPublish("devices/b/x")).as(hostile).isFalse();
            assertThat(rules.maySubscribe("devices/+/x")).as(hostile).isFalse();
            assertThat(rules.maySubscribe("devices/a/#")).as(hostile).isFalse();
            assertThat(rules.mayPublish("devices/" + hostile + "/x"))
                    .as(hostile)
                    .isFalse();
            assertThat(rules.maySubscribe("devices/" + hostile + "/x"))
                    .as(hostile)
                    .isFalse();
        }
    }

    @Test
    void aPlaceholderWithoutAValueMakesItsRuleMatchNothing() {
        AuthRules rules = new AuthRules(List.of("meters/${cn}/.*", "open/.*"), List.of("u/${username}"));
        AclRules noCertificate = AclRules.of(rules, new PlaceholderValues("c", null, null));
        assertThat(noCertificate.mayPublish("meters//x")).isFalse();
        assertThat(noCertificate.mayPublish("meters/${cn}/x")).isFalse();
        assertThat(noCertificate.mayPublish("open/1")).isTrue();
        assertThat(noCertificate.maySubscribe("u/")).isFalse();
        AclRules emptyUser = AclRules.of(rules, new PlaceholderValues("c", "", "cn"));
        assertThat(emptyUser.maySubscribe("u/")).isFalse();
    }

    @Test
    void aSubstitutedValueIsNotScannedForPlaceholdersAgain() {
        AclRules rules = AclRules.of(
                new AuthRules(List.of("d/${clientId}/${username}"), List.of()),
                new PlaceholderValues("${username}", "bob", null));
        assertThat(rules.mayPublish("d/${username}/bob")).isTrue();
        assertThat(rules.mayPublish("d/bob/bob")).isFalse();
    }

    @Test
    void validationAcceptsPlaceholdersAndCapsCountsAndLengths() {
        AclRules.validate(new AuthRules(List.of("d/${clientId}/${username}/${cn}"), List.of()));
        List<String> tooMany = java.util.Collections.nCopies(AclRules.MAX_PATTERNS + 1, "a");
        assertThatThrownBy(() -> AclRules.validate(new AuthRules(tooMany, List.of())))
                .isInstanceOf(IllegalArgumentException.class);
        String tooLong = "a".repeat(AclRules.MAX_PATTERN_LENGTH + 1);
        assertThatThrownBy(() -> AclRules.validate(new AuthRules(List.of(), List.of(tooLong))))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
