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
        return trie.match(topic).stream().map(s -> s.clientId() + ":" + s.filter().text()).sorted().toList();
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
        assertThat(trie.match("x/y/z")).singleElement().satisfies(s -> assertThat(s.options().qos()).isEqualTo(2));
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
}
