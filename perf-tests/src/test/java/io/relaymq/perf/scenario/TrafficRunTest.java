package io.relaymq.perf.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.perf.client.TestBroker;
import io.relaymq.perf.report.Report;
import io.relaymq.perf.report.StormReport;
import io.relaymq.perf.report.TrafficReport;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The whole run against the generator's test broker; assertions are on counts, never on speed. */
class TrafficRunTest {

    private static ScenarioSettings settings(TestBroker broker, String scenario, int drain, String... more) {
        Map<String, String> values = new HashMap<>(Map.of(
                "scenario",
                scenario,
                "ports",
                Integer.toString(broker.address().getPort()),
                "rate",
                "20",
                "warmup",
                "1",
                "duration",
                "2",
                "drain",
                Integer.toString(drain),
                "ramp",
                "1000",
                "progress",
                "1",
                "threads",
                "2"));
        for (int i = 0; i < more.length; i += 2) {
            values.put(more[i], more[i + 1]);
        }
        return ScenarioSettings.from(Settings.of(values), "t");
    }

    private static TrafficReport run(ScenarioSettings s) throws Exception {
        return (TrafficReport) runReport(s);
    }

    private static Report runReport(ScenarioSettings s) throws Exception {
        return new TrafficRun(s, ServerProbe.NONE, "test-broker", new PrintStream(new ByteArrayOutputStream())).run();
    }

    @Test
    void aPointToPointRunDeliversEveryConfirmedMessageToItsSubscriber() throws Exception {
        try (TestBroker broker = new TestBroker(0)) {
            TrafficReport report = run(settings(broker, "p2p", 20, "publishers", "10"));

            assertThat(report.lost()).isZero();
            assertThat(report.totals().acked())
                    .isPositive()
                    .isEqualTo(report.totals().sent());
            assertThat(report.totals().received()).isEqualTo(report.totals().acked());
            assertThat(report.totals().duplicates()).isZero();
            assertThat(report.totals().unexpected()).isZero();
            assertThat(report.connections()).isEqualTo(20);
            assertThat(report.samples()).hasSizeGreaterThanOrEqualTo(3);
            assertThat(report.samples().get(0).warmup()).isTrue();
            assertThat(report.latency().count()).isEqualTo(report.window().received());
            assertThat(report.serverCpuSeconds()).isNaN();
        }
    }

    @Test
    void messagesTheBrokerAcknowledgedButSwallowedAreCountedLost() throws Exception {
        try (TestBroker broker = new TestBroker(7)) {
            TrafficReport report = run(settings(broker, "p2p", 3, "publishers", "5", "qos", "2", "mqtt", "5"));

            assertThat(broker.dropped()).isPositive();
            assertThat(report.lost()).isEqualTo(broker.dropped());
            assertThat(report.totals().received()).isEqualTo(report.totals().acked() - broker.dropped());
        }
    }

    @Test
    void fanOutCountsEverySubscribersCopy() throws Exception {
        try (TestBroker broker = new TestBroker(0)) {
            TrafficReport report =
                    run(settings(broker, "fan-out", 20, "publishers", "2", "subscribers", "6", "qos", "0"));

            assertThat(report.lost()).isZero();
            assertThat(report.totals().received()).isEqualTo(6 * report.totals().acked());
        }
    }

    @Test
    void aStormSubscribesEveryArrivingClientWhileTheTrafficFlows() throws Exception {
        try (TestBroker broker = new TestBroker(0)) {
            Report report = runReport(
                    settings(broker, "storm", 20, "publishers", "5", "storm-connections", "30", "storm-ramp", "60"));

            assertThat(report).isInstanceOf(StormReport.class);
            StormReport storm = (StormReport) report;
            assertThat(storm.storm().subscribed()).isEqualTo(30);
            assertThat(storm.storm().failed()).isZero();
            assertThat(storm.storm().secondsToAll()).isFinite().isPositive();
            assertThat(storm.storm().connectToSubAck().count()).isEqualTo(30);
            assertThat(storm.storm().startSecond()).isEqualTo(1);
            assertThat(storm.traffic().lost()).isZero();
            assertThat(storm.traffic().totals().received())
                    .isEqualTo(storm.traffic().totals().acked())
                    .isPositive();
            assertThat(storm.traffic().drops()).isZero();
            assertThat(broker.subscribedFilters()).contains("storm/0/cmd", "storm/29/cmd");
        }
    }
}
