package io.relaymq.broker.subscription;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.broker.topic.TopicFilter;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class SubscriptionTrieTest {

    private final SubscriptionTrie trie = new SubscriptionTrie();

    private void subscribe(String client, String filter) {
        trie.add(new Subscription(client, TopicFilter.parse(filter).orElseThrow(), SubscriptionOptions.ofQos(1)));
    }

    private List<String> clientsFor(String topic) {
        return trie.match(topic).stream()
                .map(s -> s.clientId() + ":" + s.filter().text())
                .sorted()
                .toList();
    }

    @Test
    void wildcardsAndExactFiltersAllMatch() {
        subscribe("a", "europe/ua/kyiv/1/+");
        subscribe("b", "europe/#");
        subscribe("c", "#");
        subscribe("d", "europe/ua/kyiv/1/temp");
        subscribe("e", "europe/ua/kyiv/2/+");
        assertThat(clientsFor("europe/ua/kyiv/1/temp"))
                .containsExactly("a:europe/ua/kyiv/1/+", "b:europe/#", "c:#", "d:europe/ua/kyiv/1/temp");
    }

    @Test
    void hashMatchesTheParentLevel() {
        subscribe("a", "sport/#");
        assertThat(clientsFor("sport")).containsExactly("a:sport/#");
    }

    // [MQTT-4.7.2-1]
    @Test
    void wildcardsAtTheFirstLevelDoNotMatchDollarTopics() {
        subscribe("a", "#");
        subscribe("b", "+/uptime");
        subscribe("c", "$SYS/#");
        assertThat(clientsFor("$SYS/uptime")).containsExactly("c:$SYS/#");
    }

    @Test
    void overlappingFiltersOfOneClientAreAllReturned() {
        subscribe("a", "x/+");
        subscribe("a", "x/#");
        assertThat(clientsFor("x/y")).containsExactly("a:x/#", "a:x/+");
    }

    @Test
    void resubscribingReplacesAndUnsubscribingRemovesAndPrunes() {
        subscribe("a", "x/y/z");
        trie.add(new Subscription("a", TopicFilter.parse("x/y/z").orElseThrow(), SubscriptionOptions.ofQos(2)));
        assertThat(trie.match("x/y/z"))
                .singleElement()
                .satisfies(s -> assertThat(s.options().qos()).isEqualTo(2));
        assertThat(trie.remove("a", TopicFilter.parse("x/y/z").orElseThrow())).isTrue();
        assertThat(trie.remove("a", TopicFilter.parse("x/y/z").orElseThrow())).isFalse();
        assertThat(trie.match("x/y/z")).isEmpty();
        assertThat(trie.size()).isZero();
    }

    @Test
    void concurrentSubscribeAndUnsubscribeNeverLoseASubscription() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        int clients = 400;
        CountDownLatch done = new CountDownLatch(clients);
        for (int i = 0; i < clients; i++) {
            String client = "c" + i;
            pool.execute(() -> {
                Random random = new Random(client.hashCode());
                for (int round = 0; round < 50; round++) {
                    String churn = "t/" + random.nextInt(3) + "/x";
                    subscribe(client, churn);
                    trie.remove(client, TopicFilter.parse(churn).orElseThrow());
                }
                subscribe(client, "t/1/x");
                done.countDown();
            });
        }
        assertThat(done.await(30, TimeUnit.SECONDS)).isTrue();
        pool.shutdown();
        assertThat(trie.match("t/1/x")).hasSize(clients);
        assertThat(trie.size()).isEqualTo(clients);
    }

    /**
     * The filter of finding 1 in issue 18: 32,000 levels, as long as the wire format allows and far deeper
     * than the listeners' level limit (subscription records from other nodes and routed messages are not
     * checked against that limit again). Every operation is iterative, so nothing overflows the stack of
     * the thread that routes messages; the recursive trie threw StackOverflowError here.
     */
    @Test
    void aFilterOfThirtyTwoThousandLevelsIsAddedMatchedCountedAndRemovedWithoutRecursion() {
        String deep = "a/".repeat(32_000) + "b";
        subscribe("deep", deep);
        subscribe("plus", "a/".repeat(31_999) + "+/b");
        subscribe("hash", "a/a/#");

        assertThat(clientsFor(deep))
                .containsExactly("deep:" + deep, "hash:a/a/#", "plus:" + "a/".repeat(31_999) + "+/b");
        assertThat(trie.size()).isEqualTo(3);
        assertThat(trie.remove("deep", TopicFilter.parse(deep).orElseThrow())).isTrue();
        assertThat(trie.remove(
                        "plus", TopicFilter.parse("a/".repeat(31_999) + "+/b").orElseThrow()))
                .isTrue();
        assertThat(clientsFor(deep)).containsExactly("hash:a/a/#");
        assertThat(trie.size()).isEqualTo(1);
    }

    @Test
    void removingTheDeepestSubscriptionPrunesOnlyTheEmptyPartOfItsBranch() {
        subscribe("x", "a/b/c/d");
        subscribe("y", "a/b");
        assertThat(trie.remove("x", TopicFilter.parse("a/b/c/d").orElseThrow())).isTrue();
        assertThat(trie.remove("x", TopicFilter.parse("a/b/c/d").orElseThrow())).isFalse();
        assertThat(clientsFor("a/b")).containsExactly("y:a/b");
        subscribe("x", "a/b/c/d");
        assertThat(clientsFor("a/b/c/d")).containsExactly("x:a/b/c/d");
    }
}
