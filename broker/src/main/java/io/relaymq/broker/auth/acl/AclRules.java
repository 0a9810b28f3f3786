package io.relaymq.broker.auth.acl;

import io.relaymq.dao.credentials.AuthRules;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Compiled publish and subscribe rules: a topic (or topic filter) is allowed when one of the regular
 * expressions matches it whole. A pattern that does not compile allows nothing (and is logged).
 */
public final class AclRules {

    private static final Logger log = LoggerFactory.getLogger(AclRules.class);
    public static final AclRules ALLOW_ALL = of(AuthRules.ALLOW_ALL, null);
    public static final AclRules DENY_ALL = new AclRules(List.of(), List.of());

    private static final String ANYTHING = ".*";

    private final List<Pattern> publish;
    private final List<Pattern> subscribe;
    /** A ".*" rule: the per-PUBLISH check then runs no regular expression at all. */
    private final boolean publishAnything;

    private final boolean subscribeAnything;

    private AclRules(List<Pattern> publish, List<Pattern> subscribe) {
        this.publish = publish;
        this.subscribe = subscribe;
        this.publishAnything = publish.stream().anyMatch(p -> p.pattern().equals(ANYTHING));
        this.subscribeAnything = subscribe.stream().anyMatch(p -> p.pattern().equals(ANYTHING));
    }

    /** Compiles {@code rules}; {@code ${cn}} in a pattern becomes the quoted certificate CN when {@code cn} is set. */
    public static AclRules of(AuthRules rules, String cn) {
        return new AclRules(compile(rules.pubAuthRulePatterns(), cn), compile(rules.subAuthRulePatterns(), cn));
    }

    /** Both rule sets together (a topic allowed by either is allowed). */
    public AclRules or(AclRules other) {
        return new AclRules(
                Stream.concat(publish.stream(), other.publish.stream()).toList(),
                Stream.concat(subscribe.stream(), other.subscribe.stream()).toList());
    }

    public boolean mayPublish(String topic) {
        return publishAnything || matches(publish, topic);
    }

    /**
     * {@code filter} as subscribed: a shared subscription is checked with its whole text
     * {@code $share/<group>/<filter>}, so a rule names the groups it allows (for example
     * {@code \$share/billing/orders/.*}); a rule for the plain filter does not allow joining a group.
     */
    public boolean maySubscribe(String filter) {
        return subscribeAnything || matches(subscribe, filter);
    }

    private static boolean matches(List<Pattern> patterns, String value) {
        for (Pattern pattern : patterns) {
            if (pattern.matcher(value).matches()) {
                return true;
            }
        }
        return false;
    }

    private static List<Pattern> compile(List<String> patterns, String cn) {
        return patterns.stream().map(p -> compile(p, cn)).filter(p -> p != null).toList();
    }

    private static Pattern compile(String pattern, String cn) {
        String expanded = cn == null ? pattern : pattern.replace("${cn}", Pattern.quote(cn));
        try {
            return Pattern.compile(expanded);
        } catch (PatternSyntaxException e) {
            log.warn("ignoring invalid authorization pattern '{}': {}", pattern, e.getDescription());
            return null;
        }
    }

    /** Throws {@link IllegalArgumentException} naming the first pattern that does not compile. */
    public static void validate(AuthRules rules) {
        Stream.concat(rules.pubAuthRulePatterns().stream(), rules.subAuthRulePatterns().stream())
                .forEach(p -> {
                    try {
                        Pattern.compile(p.replace("${cn}", "cn"));
                    } catch (PatternSyntaxException e) {
                        throw new IllegalArgumentException("invalid rule pattern '" + p + "': " + e.getDescription());
                    }
                });
    }
}
