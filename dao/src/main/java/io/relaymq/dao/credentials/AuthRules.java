package io.relaymq.dao.credentials;

import java.util.List;

/**
 * What a client may touch: regular expressions over topic names it may publish to and topic filters it
 * may subscribe to. {@code .*} allows everything; an empty list allows nothing.
 */
public record AuthRules(List<String> pubAuthRulePatterns, List<String> subAuthRulePatterns) {

    public static final AuthRules ALLOW_ALL = new AuthRules(List.of(".*"), List.of(".*"));

    public AuthRules {
        pubAuthRulePatterns = pubAuthRulePatterns == null ? List.of() : List.copyOf(pubAuthRulePatterns);
        subAuthRulePatterns = subAuthRulePatterns == null ? List.of() : List.copyOf(subAuthRulePatterns);
    }
}
