package io.relaymq.broker.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relaymq.broker.session.OutboundMessage;
import io.relaymq.broker.subscription.Subscription;
import io.relaymq.broker.subscription.SubscriptionOptions;
import io.relaymq.broker.topic.TopicFilter;
import io.relaymq.common.message.PublishedMessage;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClientSubscriptionsTest {

    private static Subscription sub(String client, String filter, int qos, int id) {
        return new Subscription(
                client, TopicFilter.parse(filter).orElseThrow(), new SubscriptionOptions(qos, true, true, 2, id));
    }

    @Test
    void recordsRoundTrip() {
        ClientSubscriptions record =
                ClientSubscriptions.of("node-a", List.of(sub("c", "a/+", 1, 7), sub("c", "$share/g/b/#", 2, 0)));
        ClientSubscriptions back = ClientSubscriptions.decode("c", record.encode());
        assertThat(back).isEqualTo(record);
    }

    @Test
    void truncatedRecordsAreRejected() {
        byte[] bytes =
                ClientSubscriptions.of("node-a", List.of(sub("c", "a", 0, 0))).encode();
        assertThatThrownBy(() -> ClientSubscriptions.decode("c", Arrays.copyOf(bytes, bytes.length - 2)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void remoteViewFollowsUpdatesAndIgnoresThisNodesOwnRecords() {
        RemoteSubscriptions remote = new RemoteSubscriptions();
        remote.apply("c1", ClientSubscriptions.of("node-b", List.of(sub("c1", "x/+", 1, 0))), "node-a", id -> true);
        assertThat(remote.match("x/1")).hasSize(1);
        assertThat(remote.owner("c1")).hasValue("node-b");

        remote.apply("c1", ClientSubscriptions.of("node-b", List.of(sub("c1", "y/#", 1, 0))), "node-a", id -> true);
        assertThat(remote.match("x/1")).isEmpty();
        assertThat(remote.match("y/z")).hasSize(1);

        remote.apply("c1", ClientSubscriptions.of("node-a", List.of(sub("c1", "y/#", 1, 0))), "node-a", id -> true);
        assertThat(remote.match("y/z"))
                .as("the session moved here; the local trie has it")
                .isEmpty();
        assertThat(remote.owner("c1")).isEmpty();

        remote.apply("c2", ClientSubscriptions.of("node-c", List.of(sub("c2", "z", 0, 0))), "node-a", id -> true);
        remote.apply("c2", null, "node-a", id -> true);
        assertThat(remote.match("z")).isEmpty();
        assertThat(remote.size()).isZero();
    }

    @Test
    void ownRecordsOfSessionsThisNodeNoLongerHoldsStayKnownAfterARestart() {
        RemoteSubscriptions remote = new RemoteSubscriptions();
        remote.apply("c1", ClientSubscriptions.of("node-a", List.of(sub("c1", "x", 1, 0))), "node-a", id -> false);
        assertThat(remote.subscriptionsOf("c1")).hasSize(1);
        assertThat(remote.owner("c1")).hasValue("node-a");
    }

    @Test
    void downlinkRecordsRoundTrip() {
        OutboundMessage message = new OutboundMessage(
                new PublishedMessage("t", 2, true, new byte[] {1, 2}, "p", 5L, null),
                1,
                true,
                List.of(3, 4),
                "$share/g/t");
        OutboundMessage back = OutboundMessageCodec.decode(OutboundMessageCodec.encode(message));
        assertThat(back.qos()).isEqualTo(1);
        assertThat(back.retain()).isTrue();
        assertThat(back.subscriptionIds()).containsExactly(3, 4);
        assertThat(back.sharedFilter()).isEqualTo("$share/g/t");
        assertThat(back.message().payload()).containsExactly(1, 2);
        assertThat(back.message().topic()).isEqualTo("t");
    }
}
