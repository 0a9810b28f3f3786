package io.relaymq.broker.reliability;

import static org.awaitility.Awaitility.await;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.awaitility.core.ConditionTimeoutException;
import org.eclipse.paho.client.mqttv3.MqttException;

/**
 * Continuous traffic for one fault scenario: publishers send numbered messages round robin at
 * {@link #rate()} messages per second in all, each to its own topic under {@code faults/<run>/}; a
 * persistent DEVICE and a persistent APPLICATION subscriber take {@code faults/<run>/#}. Every client
 * has a persistent session and reconnects by itself over the nodes given. A message the broker
 * acknowledged must reach both subscribers; one it did not acknowledge may be missing.
 */
final class FaultRun implements AutoCloseable {

    /** What to run: publishers, their topics and nodes, the subscribers' nodes, the QoS of everything. */
    record Plan(
            String name,
            int qos,
            List<String> topics,
            List<String> publisherNodes,
            List<String> subscriberNodes,
            boolean proxied) {

        /** One QoS 1 publisher on the first of {@code publisherNodes}, subscribers on the first of theirs. */
        static Plan of(String name, List<String> publisherNodes, List<String> subscriberNodes) {
            return new Plan(name, 1, List.of("p0"), publisherNodes, subscriberNodes, false);
        }

        Plan qos(int level) {
            return new Plan(name, level, topics, publisherNodes, subscriberNodes, proxied);
        }

        /** One publisher per topic (relative to {@code faults/<run>/}). */
        Plan topics(List<String> names) {
            return new Plan(name, qos, names, publisherNodes, subscriberNodes, proxied);
        }

        /** Subscribers first connect through a {@link FreezableProxy}, for {@link #takeOverSubscribers}. */
        Plan subscribersBehindProxy() {
            return new Plan(name, qos, topics, publisherNodes, subscriberNodes, true);
        }
    }

    private final Plan plan;
    private final String run;
    private final int rate = rate();
    private final ScheduledExecutorService publishing = Executors.newSingleThreadScheduledExecutor();
    private final ScheduledExecutorService reconnects = Executors.newScheduledThreadPool(2);
    private final AtomicLong ticks = new AtomicLong();
    private final List<Publisher> publishers = new ArrayList<>();
    private final List<Subscriber> subscribers = new ArrayList<>();
    private final List<String> events = new ArrayList<>();
    private final Map<String, Long> inFlightAtEvents = new LinkedHashMap<>();

    private FaultRun(Plan plan) throws Exception {
        this.plan = plan;
        this.run = plan.name() + "-" + UUID.randomUUID().toString().substring(0, 6);
        for (String kind : List.of("DEVICE", "APPLICATION")) {
            subscribers.add(new Subscriber(kind, (kind.equals("DEVICE") ? "dev-" : "app-") + run));
            inFlightAtEvents.put(kind, 0L);
        }
        for (int i = 0; i < plan.topics().size(); i++) {
            ResilientClient client =
                    new ResilientClient("pub" + i + "-" + run, plan.publisherNodes(), false, reconnects, (t, m) -> {});
            publishers.add(
                    new Publisher(i, "faults/" + run + "/" + plan.topics().get(i), plan.qos(), client));
        }
    }

    /** Total messages per second: {@code -Drelaymq.faults.rate}, 100 by default. */
    static int rate() {
        return Integer.parseInt(System.getProperty("relaymq.faults.rate", "100").trim());
    }

    /** Connects and subscribes everyone, checks routing with probes, then starts publishing. */
    static FaultRun start(Plan plan) throws Exception {
        FaultRun run = new FaultRun(plan);
        run.begin();
        return run;
    }

    private void begin() throws Exception {
        for (Subscriber subscriber : subscribers) {
            subscriber.connectFirst();
            subscriber
                    .client
                    .paho()
                    .subscribe("faults/" + run + "/#", plan.qos())
                    .waitForCompletion(30_000);
        }
        for (Publisher publisher : publishers) {
            publisher.client().connect(60);
        }
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(500))
                .until(() -> {
                    for (Publisher publisher : publishers) {
                        publisher
                                .client()
                                .paho()
                                .publish(publisher.topic(), "probe".getBytes(StandardCharsets.UTF_8), 0, false);
                    }
                    return subscribers.stream().allMatch(s -> s.receiver.probed());
                });
        publishing.scheduleAtFixedRate(
                () -> publishers
                        .get((int) (ticks.getAndIncrement() % publishers.size()))
                        .publishNext(),
                0,
                1_000_000 / rate,
                TimeUnit.MICROSECONDS);
    }

    List<Publisher> publishers() {
        return publishers;
    }

    /** Publish ticks so far, sent or not (disconnected, window full): the publishers keep trying. */
    long attempts() {
        return publishers.stream()
                .mapToLong(p -> p.sent() + p.notConnected() + p.refused())
                .sum();
    }

    long acknowledged() {
        return publishers.stream().mapToLong(Publisher::acknowledged).sum();
    }

    /**
     * Waits until another {@code seconds} of traffic was acknowledged (half of what the nominal rate
     * would give, so a loaded machine still passes), at most {@code atMost}.
     */
    void awaitTraffic(int seconds, Duration atMost) {
        long target = acknowledged() + Math.max(50, (long) rate * seconds / 2);
        await().atMost(atMost).pollInterval(Duration.ofMillis(200)).until(() -> acknowledged() >= target);
    }

    /**
     * Records a fault or a recovery and the messages in flight then, per subscriber: sent but not yet
     * received, plus what arrived in the last second (its acknowledgement or offset commit may still be
     * on its way), plus what the publishers hold unacknowledged (Paho sends that again). Only these can
     * come twice because of this event; {@link #duplicateBound} allows each of them twice.
     */
    void mark(String event) {
        long sent = publishers.stream().mapToLong(Publisher::sent).sum();
        long pending = publishers.stream().mapToLong(Publisher::pending).sum();
        StringBuilder line = new StringBuilder(event)
                .append(" at ")
                .append(Instant.now())
                .append(String.format(
                        Locale.ROOT, ", sequence numbers sent so far %,d, unacknowledged %,d:", sent, pending));
        for (Subscriber s : subscribers) {
            long inFlight = sent - s.receiver.distinct() + s.receiver.arrivedLastSecond() + pending;
            inFlightAtEvents.merge(s.receiver.kind(), inFlight, Long::sum);
            line.append(String.format(
                    Locale.ROOT,
                    " %s in flight %,d (duplicates so far %,d)",
                    s.receiver.kind(),
                    inFlight,
                    s.receiver.duplicatesSoFar()));
        }
        events.add(line.toString());
    }

    /** Twice the messages in flight at all marked events: each may be re-sent by a publisher and by a node. */
    long duplicateBound(String subscriberKind) {
        return 2 * inFlightAtEvents.get(subscriberKind);
    }

    void bounceSubscribers() throws MqttException {
        for (Subscriber s : subscribers) {
            s.client.bounce();
        }
    }

    /**
     * Each subscriber's old connection goes silent (its proxy freezes; the broker still holds it open)
     * and the subscriber connects again on {@code nodes} with the same session state, as a device does
     * whose network path died. The broker must take the session over from the silent connection.
     */
    void takeOverSubscribers(List<String> nodes) throws Exception {
        for (Subscriber s : subscribers) {
            s.takeOver(nodes);
        }
    }

    /** Stops publishing, waits (bounded) until both subscribers have every acknowledged message, and reports. */
    FaultReport finish(Duration atMost) throws InterruptedException {
        publishing.shutdownNow();
        publishing.awaitTermination(10, TimeUnit.SECONDS);
        try {
            // acknowledgements of the last publishes may still be on their way, or re-sent after a reconnect
            await().atMost(Duration.ofSeconds(60))
                    .until(() -> publishers.stream().allMatch(p -> p.pending() <= 0));
            await().atMost(atMost).pollInterval(Duration.ofMillis(500)).until(() -> lost() == 0);
        } catch (ConditionTimeoutException e) {
            // reported with the exact counts
        }
        List<FaultReport.Row> rows = new ArrayList<>();
        for (Subscriber s : subscribers) {
            for (Publisher p : publishers) {
                BitSet acked = p.ackedSnapshot();
                BitSet missing = s.receiver.missing(p.index(), acked);
                rows.add(new FaultReport.Row(
                        p.index(),
                        s.receiver.kind(),
                        p.sent(),
                        acked.cardinality(),
                        s.receiver.received(p.index()),
                        missing.cardinality(),
                        s.receiver.duplicates(p.index()),
                        s.receiver.outOfOrder(p.index()),
                        missing.stream().limit(20).boxed().toList().toString(),
                        s.receiver.duplicated(p.index())));
            }
        }
        List<FaultReport.PublisherRow> publisherRows = publishers.stream()
                .map(p -> new FaultReport.PublisherRow(p.index(), p.topic(), p.notConnected(), p.refused(), p.failed()))
                .toList();
        Map<String, Long> bounds = new LinkedHashMap<>();
        subscribers.forEach(s -> bounds.put(s.receiver.kind(), duplicateBound(s.receiver.kind())));
        return new FaultReport(plan.name(), plan.qos(), rate, rows, publisherRows, bounds, List.copyOf(events));
    }

    private long lost() {
        long lost = 0;
        for (Subscriber s : subscribers) {
            for (Publisher p : publishers) {
                lost += s.receiver.missing(p.index(), p.ackedSnapshot()).cardinality();
            }
        }
        return lost;
    }

    @Override
    public void close() {
        publishing.shutdownNow();
        reconnects.shutdownNow();
        publishers.forEach(Publisher::close);
        subscribers.forEach(Subscriber::close);
    }

    /** A persistent subscriber: its client (replaced by a takeover), its tally, its proxy if any. */
    private final class Subscriber {
        private final String clientId;
        private final Receiver receiver;
        private final KeptPersistence state = new KeptPersistence();
        private FreezableProxy proxy;
        private ResilientClient client;

        Subscriber(String kind, String clientId) {
            this.clientId = clientId;
            this.receiver = new Receiver(kind, plan.topics().size());
        }

        void connectFirst() throws Exception {
            List<String> nodes = plan.subscriberNodes();
            if (plan.proxied()) {
                proxy = new FreezableProxy(nodes.get(0));
                nodes = List.of(proxy.uri());
            }
            client = new ResilientClient(clientId, nodes, false, state, reconnects, receiver::arrived);
            client.connect(60);
        }

        void takeOver(List<String> nodes) throws Exception {
            if (proxy == null) {
                throw new IllegalStateException("plan the run with subscribersBehindProxy() to take over");
            }
            proxy.freeze();
            // the device gives its old connection up before it opens the new one: one Paho client at a time
            // works on the session state, as one device does (two would each act on packets the other saw)
            client.abandon();
            client = new ResilientClient(clientId, nodes, false, state, reconnects, receiver::arrived);
            client.connect(60);
        }

        void close() {
            client.close();
            if (proxy != null) {
                proxy.close();
            }
        }
    }
}
