package io.relaymq.broker.api.settings;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * TBMQ's admin password policy. RelayMQ enforces the length and character rules whenever an admin
 * user's password is set; the expiration, reuse and forced-reset fields are stored and answered only.
 * A null count means 0 (no rule), a null maximum the bcrypt limit of 72.
 *
 * <p>Character classes: upper- and lower-case letters and digits as Unicode defines them; a special
 * character is any other character that is not whitespace.
 */
public record PasswordPolicy(
        Integer minimumLength,
        Integer maximumLength,
        Integer minimumUppercaseLetters,
        Integer minimumLowercaseLetters,
        Integer minimumDigits,
        Integer minimumSpecialCharacters,
        Boolean allowWhitespaces,
        Boolean forceUserToResetPasswordIfNotValid,
        Integer passwordExpirationPeriodDays,
        Integer passwordReuseFrequencyDays) {

    /** bcrypt uses the first 72 bytes of a password; a longer one is refused rather than cut. */
    public static final int MAX_LENGTH = 72;

    /** Ten years: more is no expiry or reuse window anyone means. */
    static final int MAX_DAYS = 3650;

    /** This policy with every null filled in; refuses negative numbers, a minimum above the maximum and the like. */
    public PasswordPolicy normalized() {
        List<String> problems = new ArrayList<>();
        if (minimumLength == null) {
            problems.add("passwordPolicy.minimumLength is required");
        }
        int min = orZero(minimumLength);
        int max = maximumLength == null ? MAX_LENGTH : maximumLength;
        bounded(problems, "minimumLength", min, 1, MAX_LENGTH);
        bounded(problems, "maximumLength", max, 1, MAX_LENGTH);
        if (min > max) {
            problems.add("passwordPolicy.minimumLength (" + min + ") is above maximumLength (" + max + ")");
        }
        int classes = classMinimum(problems, "minimumUppercaseLetters", minimumUppercaseLetters)
                + classMinimum(problems, "minimumLowercaseLetters", minimumLowercaseLetters)
                + classMinimum(problems, "minimumDigits", minimumDigits)
                + classMinimum(problems, "minimumSpecialCharacters", minimumSpecialCharacters);
        if (classes > max) {
            problems.add("passwordPolicy asks for " + classes
                    + " characters of given classes, more than maximumLength (" + max + ")");
        }
        bounded(problems, "passwordExpirationPeriodDays", orZero(passwordExpirationPeriodDays), 0, MAX_DAYS);
        bounded(problems, "passwordReuseFrequencyDays", orZero(passwordReuseFrequencyDays), 0, MAX_DAYS);
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
        return new PasswordPolicy(
                min,
                max,
                orZero(minimumUppercaseLetters),
                orZero(minimumLowercaseLetters),
                orZero(minimumDigits),
                orZero(minimumSpecialCharacters),
                allowWhitespaces == null || allowWhitespaces,
                forceUserToResetPasswordIfNotValid != null && forceUserToResetPasswordIfNotValid,
                orZero(passwordExpirationPeriodDays),
                orZero(passwordReuseFrequencyDays));
    }

    /** The rules of this (normalized) policy that {@code password} breaks, each as a sentence; empty when none. */
    public List<String> violations(String password) {
        int length = password.codePointCount(0, password.length());
        int upper = count(password, Character::isUpperCase);
        int lower = count(password, Character::isLowerCase);
        int digits = count(password, Character::isDigit);
        int whitespace = count(password, Character::isWhitespace);
        int special = count(password, c -> !Character.isLetterOrDigit(c) && !Character.isWhitespace(c));
        List<String> broken = new ArrayList<>();
        if (length < minimumLength) {
            broken.add("password must have at least " + minimumLength + " characters");
        }
        if (length > maximumLength) {
            broken.add("password must have at most " + maximumLength + " characters");
        }
        atLeast(broken, upper, minimumUppercaseLetters, "upper-case letter(s)");
        atLeast(broken, lower, minimumLowercaseLetters, "lower-case letter(s)");
        atLeast(broken, digits, minimumDigits, "digit(s)");
        atLeast(broken, special, minimumSpecialCharacters, "special character(s)");
        if (!allowWhitespaces && whitespace > 0) {
            broken.add("password must not contain whitespace");
        }
        return broken;
    }

    private static void atLeast(List<String> broken, int have, int need, String what) {
        if (have < need) {
            broken.add("password must have at least " + need + " " + what);
        }
    }

    private static int count(String text, IntPredicate test) {
        return (int) text.codePoints().filter(test).count();
    }

    private static int classMinimum(List<String> problems, String field, Integer value) {
        bounded(problems, field, orZero(value), 0, MAX_LENGTH);
        return orZero(value);
    }

    private static void bounded(List<String> problems, String field, int value, int min, int max) {
        if (value < min || value > max) {
            problems.add("passwordPolicy." + field + " must be between " + min + " and " + max + ", not " + value);
        }
    }

    private static int orZero(Integer value) {
        return value == null ? 0 : value;
    }
}
