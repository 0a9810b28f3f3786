package io.relaymq.broker.support;

import io.relaymq.broker.cluster.ClientSubscriptions;
import io.relaymq.broker.cluster.SessionCommand;
import io.relaymq.broker.cluster.SessionDetails;
import io.relaymq.broker.cluster.SessionEvents;
import io.relaymq.broker.cluster.SessionInfo;
import io.relaymq.broker.session.OutboundMessage;
import io.relaymq.broker.subscription.Subscription;
import io.relaymq.broker.subscription.SubscriptionOptions;
import io.relaymq.broker.topic.TopicFilter;
import io.relaymq.common.message.MessageProperties;
import io.relaymq.common.message.PublishedMessage;
import io.relaymq.common.message.UserProperty;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** One value of every kind of record RelayMQ writes to Kafka and Redis, with every field set. */
public final class WireSamples {

    public static final String CLIENT = "sensor-42";

    private WireSamples() {}

    public static PublishedMessage published() {
        return new PublishedMessage(
                "plant/7/temp/é",
                2,
                true,
                "{\"t\":21.5}".getBytes(StandardCharsets.UTF_8),
                "publisher-1",
                1_764_000_000_123L,
                new MessageProperties(
                        1,
                        3600L,
                        "application/json",
                        "plant/7/replies",
                        new byte[] {0, 1, (byte) 0xFE},
                        List.of(new UserProperty("site", "north"), new UserProperty("line", "2"))));
    }

    public static PublishedMessage plain() {
        return new PublishedMessage("a/b", 0, false, new byte[0], "p", 1_764_000_000_000L, MessageProperties.NONE);
    }

    public static OutboundMessage outbound() {
        return new OutboundMessage(published(), 1, false, List.of(7, 300_000), "$share/g/plant/+/temp/#");
    }

    public static OutboundMessage outboundPlain() {
        return new OutboundMessage(plain(), 0, true, List.of());
    }

    public static SessionDetails details() {
        return new SessionDetails(
                "APPLICATION", "10.1.2.3", "MQTT_5", false, 1_764_000_000_000L, 1_764_000_100_000L, "basic:alice");
    }

    public static SessionInfo sessionInfo() {
        return new SessionInfo("node-b", true, 86_400, details(), 17);
    }

    public static SessionEvents.ConnectRequest connectRequest() {
        return new SessionEvents.ConnectRequest("req-1", "node-a", 3600, details());
    }

    public static SessionEvents.ConnectDecision connectDecision() {
        return new SessionEvents.ConnectDecision("req-1", "node-b", true, 18, "DEVICE", true);
    }

    public static SessionEvents.ConnectDecision firstDecision() {
        return new SessionEvents.ConnectDecision("req-2", null, false, 1, null, false);
    }

    public static List<Subscription> subscriptions() {
        return List.of(
                new Subscription(CLIENT, TopicFilter.parse("plant/+/temp").orElseThrow(), SubscriptionOptions.ofQos(1)),
                new Subscription(
                        CLIENT,
                        TopicFilter.parse("$share/g/plant/#").orElseThrow(),
                        new SubscriptionOptions(2, true, true, 2, 268_435_455)));
    }

    public static ClientSubscriptions clientSubscriptions() {
        return new ClientSubscriptions("node-c", subscriptions());
    }

    public static SessionCommand handOver() {
        return SessionCommand.handOver(19);
    }

    public static SessionCommand setSubscriptions() {
        return SessionCommand.setSubscriptions(subscriptions());
    }

    public static SessionCommand remove() {
        return SessionCommand.of(SessionCommand.Kind.REMOVE);
    }

    public static SessionCommand inFlightQuery() {
        return SessionCommand.inFlightQuery("7f1d2c3b-request", "node-b");
    }

    public static SessionCommand inFlightAnswer() {
        return SessionCommand.inFlightAnswer("7f1d2c3b-request", 0);
    }

    /** An answer from a node that holds no such session: no count (not zero). */
    public static SessionCommand inFlightUnknown() {
        return SessionCommand.inFlightAnswer("7f1d2c3b-request", null);
    }
}
