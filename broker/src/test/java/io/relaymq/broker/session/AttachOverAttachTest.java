package io.relaymq.broker.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.mqtt.MqttVersion;
import io.relaymq.broker.metrics.MqttMetrics;
import io.relaymq.broker.subscription.SubscriptionTrie;
import io.relaymq.broker.support.NoOps;
import io.relaymq.common.message.MessageProperties;
import io.relaymq.common.message.PublishedMessage;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A resumed session can be given its new connection before the close of the one taken over was handled (the close
 * runs later on that connection's thread). The outbound must still see the old one go before the new one comes: an
 * APPLICATION outbound otherwise keeps the old connection's topic reader running beside the new one, and its
 * batches fill the read-ahead the new reader pauses on, so the client stops receiving.
 */
class AttachOverAttachTest {

    private final List<String> outboundSaw = new ArrayList<>();
    private final List<PublishedMessage> wills = new ArrayList<>();
    private final EmbeddedChannel first = new EmbeddedChannel();
    private final EmbeddedChannel second = new EmbeddedChannel();
    private final ClientSession session = new ClientSession("app", first.eventLoop(), context(), true);

    @Test
    void aConnectionStillAttachedLetsGoOfTheOutboundBeforeTheNewOneHasIt() {
        MqttConnection older = new MqttConnection(first, MqttVersion.MQTT_3_1_1, "app", 10, 1 << 20, 0);
        MqttConnection newer = new MqttConnection(second, MqttVersion.MQTT_3_1_1, "app", 10, 1 << 20, 0);
        session.attach(older, false);

        session.attach(newer, true);

        assertThat(outboundSaw).containsExactly("attach new", "detach", "attach present");
        assertThat(first.isActive()).as("the connection taken over is closed").isFalse();
        assertThat(session.connection()).isSameAs(newer);

        // its close, handled late, changes nothing for the new connection
        session.detach(older);
        assertThat(session.connection()).isSameAs(newer);
        assertThat(outboundSaw).hasSize(3);
    }

    // [MQTT-3.1.3-9] a delayed will of the connection taken over is not sent: a newer connection holds the session
    @Test
    void theDelayedWillOfAConnectionClosedAfterTheTakeoverIsNotSent() {
        MqttConnection older = new MqttConnection(first, MqttVersion.MQTT_5, "app", 10, 1 << 20, 0);
        older.setWill(will(), 30);
        MqttConnection newer = new MqttConnection(second, MqttVersion.MQTT_5, "app", 10, 1 << 20, 0);
        session.setExpirySeconds(300);
        session.attach(older, false);
        session.attach(newer, true);

        session.detach(older);
        first.advanceTimeBy(31, TimeUnit.SECONDS);
        first.runScheduledPendingTasks();

        assertThat(wills).isEmpty();
    }

    @Test
    void anUndelayedWillOfAConnectionClosedAfterTheTakeoverIsSent() {
        MqttConnection older = new MqttConnection(first, MqttVersion.MQTT_5, "app", 10, 1 << 20, 0);
        older.setWill(will(), 0);
        session.setExpirySeconds(300);
        session.attach(older, false);
        session.attach(new MqttConnection(second, MqttVersion.MQTT_5, "app", 10, 1 << 20, 0), true);

        session.detach(older);

        assertThat(wills).hasSize(1);
    }

    private static PublishedMessage will() {
        return new PublishedMessage(
                "wills/app", 1, false, "gone".getBytes(StandardCharsets.UTF_8), "app", 0, MessageProperties.NONE);
    }

    @Test
    void theSameConnectionAttachedAgainIsNotTakenOver() {
        MqttConnection only = new MqttConnection(first, MqttVersion.MQTT_3_1_1, "app", 10, 1 << 20, 0);
        session.attach(only, false);
        session.attach(only, true);

        assertThat(outboundSaw).containsExactly("attach new", "attach present");
        assertThat(first.isActive()).isTrue();
    }

    private SessionContext context() {
        MqttMetrics metrics = new MqttMetrics(new SimpleMeterRegistry());
        return new SessionContext(
                new SubscriptionTrie(),
                new SessionRegistry(),
                wills::add,
                (m, c) -> {},
                NoOps.SUBSCRIPTION_CHANGES,
                NoOps.SESSION_CHANGES,
                1000,
                1000,
                metrics,
                Clock.systemUTC(),
                new OutboundWriter(metrics, Clock.systemUTC()),
                (s, c, p) -> new Recording(),
                () -> false,
                Long.MAX_VALUE,
                NoOps.INBOUND_QOS2_STORE,
                ClientEvents.NONE);
    }

    /** An outbound that only records when it gains and loses its connection. */
    private final class Recording implements SessionOutbound {
        @Override
        public boolean persisted() {
            return true;
        }

        @Override
        public void attach(MqttConnection connection, boolean present) {
            outboundSaw.add(present ? "attach present" : "attach new");
        }

        @Override
        public void detach() {
            outboundSaw.add("detach");
        }

        @Override
        public void offer(OutboundMessage message) {}

        @Override
        public void offerPersisted(PersistedMessage message) {}

        @Override
        public void drain() {}

        @Override
        public void onPubAck(int packetId) {}

        @Override
        public void onPubRec(int packetId, boolean error) {}

        @Override
        public void onPubComp(int packetId) {}

        @Override
        public int inFlight() {
            return 0;
        }

        @Override
        public List<OutboundMessage> end(boolean discardStored) {
            return List.of();
        }
    }
}
