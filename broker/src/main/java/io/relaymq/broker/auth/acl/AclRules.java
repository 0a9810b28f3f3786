package io.relaymq.broker.auth.acl;

import io.relaymq.broker.topic.ClientLevel;
import io.relaymq.dao.credentials.AuthRules;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Compiled publish and subscribe rules: a topic (or topic filter) is allowed when one of the regular
 * expressions matches it whole. A pattern that does not compile allows nothing (and is logged).
 * {@code ${clientId}}, {@code ${username}} and {@code ${cn}} in a pattern stand for the client's values,
 * quoted so that they match only themselves (a client id {@code .*} widens nothing). A value stands for one
 * topic level: one that contains {@code /}, {@code +} or {@code #} could reach into another client's levels
 * or subscribe a wildcard, so, like a value the client does not have, it makes the pattern match nothing.
 *
 * <p>{@code $SYS} topics tell about other clients. Subscribing to one ({@code $SYS} or {@code $SYS/...}, also as
 * the filter of a shared subscription) is allowed only by a subscribe pattern whose text names {@code $SYS}
 * itself (written {@code \$SYS/...}, as {@code $} is an anchor in a regular expression); a pattern like
 * {@code .*} that matches everything does not reach them. No client may publish to a {@code $SYS} topic, whatever
 * its rules say: the broker alone writes there.
 *
 * <p>Event topics name a client by its id encoded as one level ({@link ClientLevel#of}: {@code plant/7} is
 * {@code plant%2F7}). So for {@code $SYS} filters, a pattern that names {@code $SYS} has its placeholders replaced
 * by the values encoded the same way (then quoted): {@code \$SYS/relaymq/events/[^/]+/${clientId}} lets client
 * {@code plant/7} reach {@code .../plant%2F7}, and client {@code plant%2F7} only {@code .../plant%252F7}. A value
 * without a level of its own (longer than {@link ClientLevel#MAX_BYTES} bytes encoded) makes such a
 * pattern match nothing, so no client's rule reaches the shared level (a lone {@code %}, which no id encodes to).
 */
public final class AclRules {

    private static final Logger log = LoggerFactory.getLogger(AclRules.class);
    public static final AclRules ALLOW_ALL = of(AuthRules.ALLOW_ALL, PlaceholderValues.NONE);
    public static final AclRules DENY_ALL = new AclRules(List.of(), List.of(), List.of());

    private static final String ANYTHING = ".*";

    /** At most this many publish patterns, and as many subscribe patterns, in one rule set. */
    public static final int MAX_PATTERNS = 256;

    /** At most this many characters in one pattern. */
    public static final int MAX_PATTERN_LENGTH = 1024;

    private static final PlaceholderValues SAMPLE = new PlaceholderValues("client", "user", "cn");

    private final List<Pattern> publish;
    private final List<Pattern> subscribe;
    /**
     * The subscribe patterns whose text names {@code $SYS}, their placeholders standing for encoded levels: the only
     * ones consulted for {@code $SYS} filters.
     */
    private final List<Pattern> subscribeSys;
    /** A ".*" rule: the per-PUBLISH check then runs no regular expression at all. */
    private final boolean publishAnything;

    private final boolean subscribeAnything;

    private static final String SYS = "$SYS";
    private static final String SHARE = "$share/";

    private AclRules(List<Pattern> publish, List<Pattern> subscribe, List<Pattern> subscribeSys) {
        this.publish = publish;
        this.subscribe = subscribe;
        this.subscribeSys = subscribeSys;
        this.publishAnything = publish.stream().anyMatch(p -> p.pattern().equals(ANYTHING));
        this.subscribeAnything = subscribe.stream().anyMatch(p -> p.pattern().equals(ANYTHING));
    }

    /** Compiles {@code rules} with the placeholders replaced by the client's quoted {@code values}. */
    public static AclRules of(AuthRules rules, PlaceholderValues values) {
        List<String> namingSys = rules.subAuthRulePatterns().stream()
                .filter(p -> p != null && p.contains(SYS))
                .toList();
        return new AclRules(
                compile(rules.pubAuthRulePatterns(), values, AclRules::oneLevel),
                compile(rules.subAuthRulePatterns(), values, AclRules::oneLevel),
                compile(namingSys, values, AclRules::sysLevel));
    }

    /** Both rule sets together (a topic allowed by either is allowed). */
    public AclRules or(AclRules other) {
        return new AclRules(
                Stream.concat(publish.stream(), other.publish.stream()).toList(),
                Stream.concat(subscribe.stream(), other.subscribe.stream()).toList(),
                Stream.concat(subscribeSys.stream(), other.subscribeSys.stream())
                        .toList());
    }

    public boolean mayPublish(String topic) {
        if (isSys(topic)) {
            return false;
        }
        return publishAnything || matches(publish, topic);
    }

    /**
     * {@code filter} as subscribed: a shared subscription is checked with its whole text
     * {@code $share/<group>/<filter>}, so a rule names the groups it allows (for example
     * {@code \$share/billing/orders/.*}); a rule for the plain filter does not allow joining a group.
     */
    public boolean maySubscribe(String filter) {
        if (isSys(withoutShare(filter))) {
            return matches(subscribeSys, filter);
        }
        return subscribeAnything || matches(subscribe, filter);
    }

    /** Whether {@code topic} (a name or a filter) is {@code $SYS} or below it. */
    private static boolean isSys(String topic) {
        return topic.startsWith(SYS) && (topic.length() == SYS.length() || topic.charAt(SYS.length()) == '/');
    }

    /** The filter of a shared subscription {@code $share/<group>/<filter>}; any other filter as it is. */
    private static String withoutShare(String filter) {
        if (!filter.startsWith(SHARE)) {
            return filter;
        }
        int slash = filter.indexOf('/', SHARE.length());
        return slash < 0 ? filter : filter.substring(slash + 1);
    }

    private static boolean matches(List<Pattern> patterns, String value) {
        for (Pattern pattern : patterns) {
            if (pattern.matcher(value).matches()) {
                return true;
            }
        }
        return false;
    }

    private static List<Pattern> compile(List<String> patterns, PlaceholderValues values, UnaryOperator<String> quote) {
        return patterns.stream()
                .map(p -> compile(p, values, quote))
                .filter(p -> p != null)
                .toList();
    }

    /** The compiled pattern; null when it names an absent value (it then matches nothing) or does not compile. */
    private static Pattern compile(String pattern, PlaceholderValues values, UnaryOperator<String> quote) {
        Optional<String> expanded = values.expand(pattern, quote);
        if (expanded.isEmpty()) {
            return null;
        }
        try {
            return Pattern.compile(expanded.get());
        } catch (PatternSyntaxException e) {
            log.warn("ignoring invalid authorization pattern '{}': {}", pattern, e.getDescription());
            return null;
        }
    }

    /** {@code value} quoted for a regular expression; null when it is not a single topic level without wildcards. */
    private static String oneLevel(String value) {
        return value.indexOf('/') >= 0 || value.indexOf('+') >= 0 || value.indexOf('#') >= 0
                ? null
                : Pattern.quote(value);
    }

    /** {@code value} as an event topic names it, quoted; null when it has no level of its own. */
    private static String sysLevel(String value) {
        return ClientLevel.of(value).map(Pattern::quote).orElse(null);
    }

    /**
     * Throws {@link IllegalArgumentException} for more than {@link #MAX_PATTERNS} patterns in a list, a
     * pattern longer than {@link #MAX_PATTERN_LENGTH}, or naming the first pattern that does not compile.
     */
    public static void validate(AuthRules rules) {
        if (rules.pubAuthRulePatterns().size() > MAX_PATTERNS
                || rules.subAuthRulePatterns().size() > MAX_PATTERNS) {
            throw new IllegalArgumentException("at most " + MAX_PATTERNS + " publish and " + MAX_PATTERNS
                    + " subscribe rule patterns are allowed");
        }
        Stream.concat(rules.pubAuthRulePatterns().stream(), rules.subAuthRulePatterns().stream())
                .forEach(p -> {
                    if (p == null || p.length() > MAX_PATTERN_LENGTH) {
                        throw new IllegalArgumentException(
                                "a rule pattern must be text of at most " + MAX_PATTERN_LENGTH + " characters");
                    }
                    try {
                        Pattern.compile(SAMPLE.expand(p, AclRules::oneLevel).orElseThrow());
                    } catch (PatternSyntaxException e) {
                        throw new IllegalArgumentException("invalid rule pattern '" + p + "': " + e.getDescription());
                    }
                });
    }
}
