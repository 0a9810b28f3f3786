package io.relaymq.broker.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.mqtt.MqttMessageBuilders;
import io.netty.handler.codec.mqtt.MqttQoS;
import io.netty.handler.codec.mqtt.MqttSubAckMessage;
import io.netty.handler.codec.mqtt.MqttVersion;
import io.relaymq.broker.metrics.MqttMetrics;
import io.relaymq.broker.retain.RetainedMessages;
import io.relaymq.broker.session.ClientEvents;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.MqttConnection;
import io.relaymq.broker.session.OutboundFactory;
import io.relaymq.broker.session.OutboundWriter;
import io.relaymq.broker.session.SessionContext;
import io.relaymq.broker.session.SessionRegistry;
import io.relaymq.broker.subscribe.SubscribeHandler;
import io.relaymq.broker.subscription.SubscriptionTrie;
import io.relaymq.broker.support.NoOps;
import io.relaymq.broker.topic.TopicFilter;
import io.relaymq.broker.transport.EmbeddedBroker;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Finding 7 (subscriptions): a session holds at most the configured number of topic filters. A further new
 * filter gets 0x97 Quota exceeded (3.1.1: 0x80 Failure) in its own SUBACK slot; the others in the same
 * SUBSCRIBE are unaffected, and subscribing again to a filter the session holds is not counted twice.
 */
class SubscriptionCapTest {

    private static final int CAP = 3;

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final MqttMetrics metrics = new MqttMetrics(meters);
    private final SubscriptionTrie trie = new SubscriptionTrie();
    private final SubscribeHandler handler = new SubscribeHandler(
            new RetainedMessages(),
            EmbeddedBroker.TOPIC_LIMITS,
            Clock.systemUTC(),
            NoOps.SHARED_FILTER_QUOTA,
            CAP,
            metrics);
    private final EmbeddedChannel channel = new EmbeddedChannel();

    @AfterEach
    void close() {
        channel.finishAndReleaseAll();
    }

    private ClientSession session() {
        SessionContext context = new SessionContext(
                trie,
                new SessionRegistry(),
                m -> {},
                (m, c) -> {},
                NoOps.SUBSCRIPTION_CHANGES,
                NoOps.SESSION_CHANGES,
                100,
                100,
                metrics,
                Clock.systemUTC(),
                new OutboundWriter(metrics, Clock.systemUTC()),
                OutboundFactory.inMemory(),
                () -> false,
                Long.MAX_VALUE,
                NoOps.INBOUND_QOS2_STORE,
                ClientEvents.NONE);
        return new ClientSession("greedy", channel.eventLoop(), context, false);
    }

    private List<Integer> subscribe(MqttConnection connection, ClientSession session, int packetId, String... filters) {
        var builder = MqttMessageBuilders.subscribe().messageId(packetId);
        for (String filter : filters) {
            builder.addSubscription(MqttQoS.AT_LEAST_ONCE, filter);
        }
        handler.subscribe(connection, session, builder.build());
        MqttSubAckMessage subAck = channel.readOutbound();
        return subAck.payload().reasonCodes();
    }

    private MqttConnection connection(MqttVersion version) {
        return new MqttConnection(channel, version, "greedy", 100, 1 << 20, 0);
    }

    @Test
    void v5FilterBeyondTheCapGetsQuotaExceededAndTheRestOfTheSubscribeIsServed() {
        ClientSession session = session();
        MqttConnection connection = connection(MqttVersion.MQTT_5);

        assertThat(subscribe(connection, session, 1, "a/1", "a/2", "a/3", "a/4", "a/1"))
                .containsExactly(1, 1, 1, 0x97, 1);

        assertThat(session.subscriptionCount()).isEqualTo(CAP);
        assertThat(trie.match("a/4")).isEmpty();
        assertThat(meters.counter("relaymq.quota.exceeded", "quota", "subscriptions")
                        .count())
                .isEqualTo(1.0);
    }

    @Test
    void v311FilterBeyondTheCapGetsFailure() {
        ClientSession session = session();
        MqttConnection connection = connection(MqttVersion.MQTT_3_1_1);

        assertThat(subscribe(connection, session, 1, "b/1", "b/2", "b/3")).containsExactly(1, 1, 1);
        assertThat(subscribe(connection, session, 2, "b/4")).containsExactly(0x80);
    }

    @Test
    void resubscribingAndUnsubscribingFreeNoSlotTwiceAndTakeNoneTwice() {
        ClientSession session = session();
        MqttConnection connection = connection(MqttVersion.MQTT_5);
        subscribe(connection, session, 1, "c/1", "c/2", "c/3");

        assertThat(subscribe(connection, session, 2, "c/3", "c/2"))
                .as("existing filters are replaced")
                .containsExactly(1, 1);

        session.unsubscribe(TopicFilter.parse("c/1").orElseThrow());
        assertThat(subscribe(connection, session, 3, "c/4", "c/5")).containsExactly(1, 0x97);
    }
}
