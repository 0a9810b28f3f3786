package io.relaymq.broker.reliability;

import static org.awaitility.Awaitility.await;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.paho.client.mqttv3.IMqttActionListener;
import org.eclipse.paho.client.mqttv3.IMqttToken;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.MqttMessage;

/**
 * Continuous QoS 1 traffic for one fault scenario: a publisher sends numbered messages at a steady rate
 * to {@code faults/<run>/data}; a persistent DEVICE and a persistent APPLICATION subscriber take
 * {@code faults/<run>/#}. Every client reconnects by itself, over all nodes. A message the broker
 * acknowledged (PUBACK) must reach both subscribers; one it did not acknowledge may be missing.
 */
final class FaultRun implements AutoCloseable {

    private static final int RATE_PER_SECOND = 100;

    private final String name;
    private final String topic;
    private final ScheduledExecutorService publishing = Executors.newSingleThreadScheduledExecutor();
    private final ScheduledExecutorService reconnects = Executors.newScheduledThreadPool(2);
    private final BitSet acked = new BitSet();
    private final AtomicInteger seq = new AtomicInteger();
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong notSent = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final Receiver device = new Receiver("DEVICE");
    private final Receiver application = new Receiver("APPLICATION");
    private final ResilientClient publisher;
    private final ResilientClient deviceSubscriber;
    private final ResilientClient applicationSubscriber;

    private FaultRun(String name, List<String> publisherNodes, List<String> subscriberNodes) throws Exception {
        this.name = name;
        String run = name + "-" + UUID.randomUUID().toString().substring(0, 6);
        this.topic = "faults/" + run + "/data";
        deviceSubscriber = new ResilientClient("dev-" + run, subscriberNodes, false, reconnects, device::arrived);
        applicationSubscriber = new ResilientClient("app-" + run, subscriberNodes, false, reconnects, application::arrived);
        publisher = new ResilientClient("pub-" + run, publisherNodes, true, reconnects, (t, m) -> { });
    }

    /** Connects and subscribes everyone, checks routing with probes, then starts publishing. */
    static FaultRun start(String name, List<String> publisherNodes, List<String> subscriberNodes) throws Exception {
        FaultRun run = new FaultRun(name, publisherNodes, subscriberNodes);
        run.begin();
        return run;
    }

    private void begin() throws Exception {
        for (ResilientClient subscriber : List.of(deviceSubscriber, applicationSubscriber)) {
            subscriber.connect(60);
            subscriber.paho().subscribe("faults/" + topic.split("/")[1] + "/#", 1).waitForCompletion(30_000);
        }
        publisher.connect(60);
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(500)).until(() -> {
            publisher.paho().publish(topic, "probe".getBytes(StandardCharsets.UTF_8), 0, false);
            return device.probed && application.probed;
        });
        publishing.scheduleAtFixedRate(this::publishNext, 0, 1_000_000 / RATE_PER_SECOND, TimeUnit.MICROSECONDS);
    }

    private void publishNext() {
        if (!publisher.isConnected()) {
            notSent.incrementAndGet();
            return;
        }
        int n = seq.getAndIncrement();
        try {
            publisher.paho().publish(topic, Integer.toString(n).getBytes(StandardCharsets.UTF_8), 1, false, null,
                    new IMqttActionListener() {
                        @Override
                        public void onSuccess(IMqttToken token) {
                            synchronized (acked) {
                                acked.set(n);
                            }
                        }

                        @Override
                        public void onFailure(IMqttToken token, Throwable cause) {
                            failed.incrementAndGet();
                        }
                    });
            sent.incrementAndGet();
        } catch (MqttException e) {
            failed.incrementAndGet();
        }
    }

    int acknowledged() {
        synchronized (acked) {
            return acked.cardinality();
        }
    }

    /** Waits until {@code more} further messages were acknowledged (traffic flows, maybe again). */
    void awaitAcknowledgedMore(int more, Duration atMost) {
        int target = acknowledged() + more;
        await().atMost(atMost).pollInterval(Duration.ofMillis(200)).until(() -> acknowledged() >= target);
    }

    void bounceSubscribers() throws MqttException {
        deviceSubscriber.bounce();
        applicationSubscriber.bounce();
    }

    /** Stops publishing, waits (bounded) until both subscribers have every acknowledged message, and reports. */
    Report finish(Duration atMost) throws InterruptedException {
        publishing.shutdownNow();
        publishing.awaitTermination(10, TimeUnit.SECONDS);
        // acknowledgements of the last publishes may still be on their way
        await().atMost(Duration.ofSeconds(30)).until(() -> acknowledged() + failed.get() >= sent.get());
        try {
            await().atMost(atMost).pollInterval(Duration.ofMillis(500))
                    .until(() -> device.lost(acked) == 0 && application.lost(acked) == 0);
        } catch (org.awaitility.core.ConditionTimeoutException e) {
            // reported below with the exact counts
        }
        Report report = new Report(name, sent.get(), notSent.get(), acknowledged(), device.count(), device.lost(acked),
                device.duplicates(), application.count(), application.lost(acked), application.duplicates());
        if (report.deviceLost() + report.appLost() > 0) {
            System.out.println(name + " missing DEVICE " + device.missing(acked) + ", APPLICATION " + application.missing(acked));
        }
        return report;
    }

    @Override
    public void close() {
        publishing.shutdownNow();
        reconnects.shutdownNow();
        publisher.close();
        deviceSubscriber.close();
        applicationSubscriber.close();
    }

    /** What one scenario sent and what each subscriber got. */
    record Report(String scenario, long sent, long notSent, long acknowledged, long deviceReceived, long deviceLost,
                  long deviceDuplicates, long appReceived, long appLost, long appDuplicates) {

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "fault scenario %-28s sent %,6d (skipped while disconnected %,d), "
                            + "acknowledged %,6d | DEVICE received %,6d lost %d duplicates %,d | APPLICATION received "
                            + "%,6d lost %d duplicates %,d", scenario, sent, notSent, acknowledged, deviceReceived,
                    deviceLost, deviceDuplicates, appReceived, appLost, appDuplicates);
        }
    }

    /** One subscriber's received sequence numbers. */
    private static final class Receiver {
        private final String kind;
        private final BitSet received = new BitSet();
        private long count;
        private long duplicates;
        private volatile boolean probed;

        Receiver(String kind) {
            this.kind = kind;
        }

        synchronized void arrived(String topic, MqttMessage message) {
            String payload = new String(message.getPayload(), StandardCharsets.UTF_8);
            if (payload.equals("probe")) {
                probed = true;
                return;
            }
            int n = Integer.parseInt(payload);
            count++;
            if (received.get(n)) {
                duplicates++;
            }
            received.set(n);
        }

        synchronized long lost(BitSet acked) {
            BitSet missing;
            synchronized (acked) {
                missing = (BitSet) acked.clone();
            }
            missing.andNot(received);
            return missing.cardinality();
        }

        /** The first missing sequence numbers, for the report of a failed scenario. */
        synchronized String missing(BitSet acked) {
            BitSet missing;
            synchronized (acked) {
                missing = (BitSet) acked.clone();
            }
            missing.andNot(received);
            return missing.stream().limit(40).boxed().toList().toString();
        }

        synchronized long count() {
            return count;
        }

        synchronized long duplicates() {
            return duplicates;
        }

        @Override
        public String toString() {
            return kind;
        }
    }
}
