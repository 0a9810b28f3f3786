package io.relaymq.broker.api.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PasswordPolicyTest {

    private static PasswordPolicy policy(
            int min, Integer max, int upper, int lower, int digits, int special, Boolean ws) {
        return new PasswordPolicy(min, max, upper, lower, digits, special, ws, null, null, null);
    }

    @Test
    void normalizingFillsTheBlanksWithNoRuleAndTheBcryptMaximum() {
        PasswordPolicy normalized =
                new PasswordPolicy(6, null, null, null, null, null, null, null, null, null).normalized();

        assertThat(normalized).isEqualTo(new PasswordPolicy(6, 72, 0, 0, 0, 0, true, false, 0, 0));
    }

    @Test
    void normalizingRefusesImpossibleOrUnboundedPolicies() {
        assertThatThrownBy(() -> new PasswordPolicy(null, 10, 0, 0, 0, 0, true, false, 0, 0).normalized())
                .hasMessageContaining("minimumLength is required");
        assertThatThrownBy(() -> policy(10, 9, 0, 0, 0, 0, true).normalized())
                .hasMessageContaining("minimumLength (10) is above maximumLength (9)");
        assertThatThrownBy(() -> policy(8, 100, 0, 0, 0, 0, true).normalized())
                .hasMessageContaining("maximumLength must be between 1 and 72, not 100");
        assertThatThrownBy(() -> policy(8, 20, -1, 0, 0, 0, true).normalized())
                .hasMessageContaining("minimumUppercaseLetters must be between 0 and 72, not -1");
        assertThatThrownBy(() -> policy(4, 10, 3, 3, 3, 3, true).normalized())
                .hasMessageContaining("asks for 12 characters of given classes, more than maximumLength (10)");
        assertThatThrownBy(() -> new PasswordPolicy(8, 72, 0, 0, 0, 0, true, false, 5000, 0).normalized())
                .hasMessageContaining("passwordExpirationPeriodDays must be between 0 and 3650");
    }

    @Test
    void aPasswordIsCheckedAgainstEveryRuleAndEachBrokenOneIsNamed() {
        PasswordPolicy strict = policy(10, 16, 2, 1, 2, 1, false).normalized();

        assertThat(strict.violations("AbCdefgh12!x")).isEmpty();
        assertThat(strict.violations("abc def"))
                .containsExactly(
                        "password must have at least 10 characters",
                        "password must have at least 2 upper-case letter(s)",
                        "password must have at least 2 digit(s)",
                        "password must have at least 1 special character(s)",
                        "password must not contain whitespace");
        assertThat(strict.violations("AB12!abcdefghijklmnop"))
                .containsExactly("password must have at most 16 characters");
    }

    @Test
    void whitespaceIsAllowedWhenThePolicySaysSoAndIsNeverASpecialCharacter() {
        PasswordPolicy spaces = policy(4, null, 0, 0, 0, 1, true).normalized();

        assertThat(spaces.violations("a b c d")).containsExactly("password must have at least 1 special character(s)");
        assertThat(spaces.violations("a b c-d")).isEmpty();
    }

    @Test
    void lettersBeyondAsciiCountByTheirCase() {
        PasswordPolicy upper = policy(4, null, 1, 1, 0, 0, true).normalized();

        assertThat(upper.violations("Ärger")).isEmpty();
        assertThat(upper.violations("ärger")).containsExactly("password must have at least 1 upper-case letter(s)");
    }
}
