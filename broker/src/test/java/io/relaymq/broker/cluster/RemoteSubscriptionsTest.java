package io.relaymq.broker.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.broker.subscription.Subscription;
import io.relaymq.broker.subscription.SubscriptionOptions;
import io.relaymq.broker.topic.TopicFilter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A session moving to another node must stay routable on the old one until the new owner's record arrives. */
class RemoteSubscriptionsTest {

    private static Subscription sub(String client, String filter) {
        return new Subscription(client, TopicFilter.parse(filter).orElseThrow(), SubscriptionOptions.ofQos(1));
    }

    @Test
    void aHandedOverClientIsRoutedAsRemoteUntilItsNewOwnerReplicates() {
        RemoteSubscriptions remote = new RemoteSubscriptions();

        remote.adoptIfUnknown("c", ClientSubscriptions.of("node-a", List.of(sub("c", "sensors/+"))));

        assertThat(remote.match("sensors/1")).extracting(Subscription::clientId).containsExactly("c");
        remote.apply("c", ClientSubscriptions.of("node-b", List.of(sub("c", "sensors/#"))), "node-a", id -> false);
        assertThat(remote.owner("c")).contains("node-b");
        assertThat(remote.match("sensors/1/x")).extracting(Subscription::clientId).containsExactly("c");
        assertThat(remote.match("other")).isEmpty();
    }

    @Test
    void theNewOwnersRecordIsKeptWhenItArrivedBeforeTheHandOver() {
        RemoteSubscriptions remote = new RemoteSubscriptions();
        remote.apply("c", ClientSubscriptions.of("node-b", List.of(sub("c", "a/b"))), "node-a", id -> true);

        remote.adoptIfUnknown("c", ClientSubscriptions.of("node-a", List.of(sub("c", "x/y"))));

        assertThat(remote.owner("c")).contains("node-b");
        assertThat(remote.match("x/y")).isEmpty();
        assertThat(remote.match("a/b")).hasSize(1);
    }
}
