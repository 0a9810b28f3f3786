package io.relaymq.broker.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What one fault scenario sent and what each subscriber got, per publisher, and the checks on it:
 * nothing acknowledged may be missing; at QoS 2 nothing may arrive twice; at QoS 1 duplicates must stay
 * within the bound of the run (see {@link FaultRun#duplicateBound}).
 *
 * @param scenario   name of the scenario
 * @param qos        QoS of publishers and subscriptions
 * @param rate       messages per second over all publishers
 * @param rows       one per publisher and subscriber
 * @param publishers one per publisher: what it could not send
 * @param bounds     the QoS 1 duplicate bound per subscriber kind
 * @param events     the faults and recoveries, with the messages in flight at each
 */
record FaultReport(
        String scenario,
        int qos,
        int rate,
        List<Row> rows,
        List<PublisherRow> publishers,
        Map<String, Long> bounds,
        List<String> events) {

    /** One publisher as seen by one subscriber. */
    record Row(
            int publisher,
            String subscriber,
            long sent,
            long acknowledged,
            long received,
            long lost,
            long duplicates,
            long outOfOrder,
            String missing,
            String duplicated) {}

    /** What a publisher did not get out: ticks while disconnected, refused by a full window, failed. */
    record PublisherRow(int publisher, String topic, long notConnected, long refused, long failed) {}

    long acknowledged() {
        return rows.stream()
                .filter(r -> r.subscriber().equals(rows.get(0).subscriber()))
                .mapToLong(Row::acknowledged)
                .sum();
    }

    long lost(String subscriber) {
        return rows.stream()
                .filter(r -> r.subscriber().equals(subscriber))
                .mapToLong(Row::lost)
                .sum();
    }

    long duplicates(String subscriber) {
        return rows.stream()
                .filter(r -> r.subscriber().equals(subscriber))
                .mapToLong(Row::duplicates)
                .sum();
    }

    long outOfOrder(String subscriber) {
        return rows.stream()
                .filter(r -> r.subscriber().equals(subscriber))
                .mapToLong(Row::outOfOrder)
                .sum();
    }

    /** Lost = 0 for every publisher and subscriber; duplicates 0 at QoS 2, within the bound at QoS 1. */
    void assertPromises(long minimumAcknowledged) {
        assertThat(acknowledged()).as("%s: traffic flowed", scenario).isGreaterThanOrEqualTo(minimumAcknowledged);
        for (Row row : rows) {
            assertThat(row.lost())
                    .as(
                            "%s: publisher %d, acknowledged but never delivered to the %s subscriber, "
                                    + "first missing %s",
                            scenario, row.publisher(), row.subscriber(), row.missing())
                    .isZero();
        }
        for (Map.Entry<String, Long> bound : bounds.entrySet()) {
            if (qos == 2) {
                assertThat(duplicates(bound.getKey()))
                        .as("%s: QoS 2 duplicates at the %s subscriber", scenario, bound.getKey())
                        .isZero();
            } else {
                assertThat(duplicates(bound.getKey()))
                        .as(
                                "%s: QoS 1 duplicates at the %s subscriber (bound: twice "
                                        + "the messages in flight at the faults, %s)",
                                scenario, bound.getKey(), events)
                        .isLessThanOrEqualTo(bound.getValue());
            }
        }
    }

    @Override
    public String toString() {
        StringBuilder out = new StringBuilder(String.format(
                Locale.ROOT,
                "fault scenario %s, QoS %d, %d msg/s, acknowledged %,d%n",
                scenario,
                qos,
                rate,
                acknowledged()));
        events.forEach(e -> out.append("  event ").append(e).append('\n'));
        for (PublisherRow p : publishers) {
            out.append(String.format(
                    Locale.ROOT,
                    "  publisher %d on %s: ticks while disconnected %,d, refused "
                            + "(window full) %,d, tokens failed on a dropped connection %,d%n",
                    p.publisher(),
                    p.topic(),
                    p.notConnected(),
                    p.refused(),
                    p.failed()));
        }
        out.append(String.format(
                Locale.ROOT,
                "  %-4s %-11s %9s %9s %9s %6s %10s %12s%n",
                "pub",
                "subscriber",
                "sent",
                "acked",
                "received",
                "lost",
                "duplicates",
                "out-of-order"));
        for (Row r : rows) {
            out.append(String.format(
                    Locale.ROOT,
                    "  %-4d %-11s %,9d %,9d %,9d %,6d %,10d %,12d%s%n",
                    r.publisher(),
                    r.subscriber(),
                    r.sent(),
                    r.acknowledged(),
                    r.received(),
                    r.lost(),
                    r.duplicates(),
                    r.outOfOrder(),
                    (r.lost() > 0 ? " missing " + r.missing() : "")
                            + (r.duplicates() > 0 ? " duplicated " + r.duplicated() : "")));
        }
        for (Map.Entry<String, Long> bound : bounds.entrySet()) {
            out.append(String.format(
                    Locale.ROOT,
                    "  %s total: lost %,d, duplicates %,d (%s), out-of-order %,d%n",
                    bound.getKey(),
                    lost(bound.getKey()),
                    duplicates(bound.getKey()),
                    qos == 2 ? "QoS 2: must be 0" : "QoS 1 bound " + bound.getValue(),
                    outOfOrder(bound.getKey())));
        }
        return out.toString();
    }
}
