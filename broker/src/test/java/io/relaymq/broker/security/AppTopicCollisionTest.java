package io.relaymq.broker.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.broker.persistence.application.AppTopicNames;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Finding 2 of issue #18: the Kafka topic names of APPLICATION clients and of shared subscriptions must
 * be injective and their namespaces disjoint, or one client reads, commits and deletes another's queue.
 */
class AppTopicCollisionTest {

    private static final int KAFKA_MAX = 249;

    @Test
    void aClientIdNeverLandsOnASharedSubscriptionTopic() {
        assertThat(AppTopicNames.forClient("shared.x")).isNotEqualTo(AppTopicNames.forSharedFilter("x"));
        assertThat(AppTopicNames.forClient("shared")).isNotEqualTo(AppTopicNames.forSharedFilter("x"));
        assertThat(AppTopicNames.forClient("shared.fleet.slw")).isNotEqualTo(AppTopicNames.forSharedFilter("fleet/+"));
    }

    @Test
    void aLiteralIdNeverEqualsTheHashedNameOfAnotherId() {
        String hashed = AppTopicNames.forClient("x".repeat(1000));
        String prefix = hashed.substring(0, hashed.indexOf(".app.") + ".app.".length());
        String literal = hashed.substring(prefix.length());
        assertThat(AppTopicNames.forClient(literal)).isNotEqualTo(hashed);
    }

    @Test
    void distinctFiltersNeverShareATopic() {
        assertThat(AppTopicNames.forSharedFilter("a/b")).isNotEqualTo(AppTopicNames.forSharedFilter("a.b"));
        assertThat(AppTopicNames.forSharedFilter("a/+")).isNotEqualTo(AppTopicNames.forSharedFilter("a/slw"));
    }

    /** Many random ids and filters over an alphabet full of separators, escapes and non-ASCII characters. */
    @Test
    void distinctInputsGiveDistinctNamesAndTheNamespacesNeverMeet() {
        Random random = new Random(18);
        String[] alphabet = {
            "a", "b", "Z", "0", "9", ".", "-", "_", "/", "+", "#", "h", "s", "-h", "--", "ä", "€", "😀", "\uD800", " ",
            "2f", "shared", "shared."
        };
        Map<String, String> owners = new HashMap<>();
        List<String> collisions = new ArrayList<>();
        List<String> badNames = new ArrayList<>();
        for (int i = 0; i < 60_000; i++) {
            StringBuilder s = new StringBuilder();
            int length = 1 + random.nextInt(i % 20 == 0 ? 300 : 8);
            for (int j = 0; j < length; j++) {
                s.append(alphabet[random.nextInt(alphabet.length)]);
            }
            String input = s.toString();
            check(owners, AppTopicNames.forClient(input), "client " + input, collisions, badNames);
            check(owners, AppTopicNames.forSharedFilter(input), "filter " + input, collisions, badNames);
        }
        assertThat(collisions).as("inputs sharing a name").isEmpty();
        // no '_': Kafka treats names that differ only in '.' versus '_' as colliding
        assertThat(badNames).as("names Kafka refuses or confuses").isEmpty();
    }

    private static void check(
            Map<String, String> owners, String name, String owner, List<String> collisions, List<String> badNames) {
        String previous = owners.putIfAbsent(name, owner);
        if (previous != null && !previous.equals(owner) && collisions.size() < 5) {
            collisions.add(previous + " and " + owner + " -> " + name);
        }
        if ((name.length() > KAFKA_MAX || !name.matches("[a-zA-Z0-9.-]+")) && badNames.size() < 5) {
            badNames.add(name);
        }
    }
}
