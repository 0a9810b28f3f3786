package io.relaymq.perf.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.perf.scenario.ScenarioSettings;
import io.relaymq.perf.scenario.Settings;
import io.relaymq.perf.traffic.LatencyStats;
import io.relaymq.perf.traffic.Traffic;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportsTest {

    private static TrafficReport report(String target, long received, double serverCpu, double p99) {
        ScenarioSettings s = ScenarioSettings.from(Settings.of(Map.of("publishers", "10")), "r");
        Traffic.Counts window = new Traffic.Counts(received, received, 0, received, 0, 0);
        List<Sample> samples = List.of(
                new Sample(1, true, 10, 10, 9, 1.0, 2.0, 0.1),
                new Sample(2, false, 10, 10, 10, 1.5, p99, 0.2),
                new Sample(3, false, 10, 10, 11, 1.2, 3.0, Double.NaN));
        return new TrafficReport(
                target,
                s,
                20,
                10,
                window,
                window,
                0,
                new LatencyStats(received, 1, 1, 2, p99, 9),
                new LatencyStats(received, 0.5, 0.4, 0.8, 1.0, 2),
                serverCpu,
                Map.of("broker", serverCpu / 2),
                0.5,
                0,
                samples);
    }

    @Test
    void throughputAndCpuEfficiencyComeFromTheWindow() {
        TrafficReport report = report("relaymq", 10_000, 2.0, 4.0);

        assertThat(report.outRate()).isEqualTo(1_000.0);
        assertThat(report.perServerCpuSecond()).isEqualTo(5_000.0);
        assertThat(report.inPlusOutPerServerCpuSecond()).isEqualTo(10_000.0);
        assertThat(report.summary()).contains("5,000 msgs per server CPU-s (10,000 in+out; 0.20 cores)");
        assertThat(report.toJson())
                .containsEntry("messagesPerServerCpuSecond", 5_000.0)
                .containsEntry("messagesInPlusOutPerServerCpuSecond", 10_000.0)
                .containsEntry("loadGeneratorCores", 0.05)
                .containsKey("samples")
                .containsEntry("serverCoresByPart", Map.of("broker", 0.1));
        assertThat(report("x", 1, Double.NaN, 1).perServerCpuSecond()).isNaN();
    }

    @Test
    void aStormReportsTheFlowingTrafficsWorstSecondUntilItsLastClientWasSubscribed(@TempDir Path dir) throws Exception {
        TrafficReport traffic = report("relaymq", 10_000, 2.0, 1.0);
        LatencyStats toSubAck = new LatencyStats(30, 12, 10, 20, 25, 40);

        // samples: second 1 p99 2.0 (warm-up), second 2 p99 1.0, second 3 p99 3.0
        StormReport quick = new StormReport(traffic, new StormResult(30, 30, 0, 0.5, toSubAck, 0));
        StormReport slower = new StormReport(traffic, new StormResult(30, 30, 0, 1.5, toSubAck, 0));
        StormReport unfinished = new StormReport(traffic, new StormResult(30, 27, 2, Double.NaN, toSubAck, 1));

        assertThat(quick.worstSecondP99DuringStorm()).as("seconds 1 and 2").isEqualTo(2.0);
        assertThat(slower.worstSecondP99DuringStorm()).as("seconds 1 to 3").isEqualTo(3.0);
        assertThat(unfinished.worstSecondP99DuringStorm())
                .as("seconds 2 to the end")
                .isEqualTo(3.0);
        assertThat(unfinished.storm().unfinished()).isEqualTo(1);
        assertThat(quick.headline()).hasSize(traffic.headline().size() + 4);
        assertThat(unfinished.summary()).contains("storm: 27 of 30 clients subscribed (2 failed, 1 unfinished)");
        assertThat(quick.toJson()).containsKey("samples").containsKey("storm");
        Reports.write(quick, dir, "storm-relaymq");
        assertThat(dir.resolve("storm-relaymq.html")).exists();
    }

    @Test
    void theChartIsOneSelfContainedPageWithAPointPerSecond(@TempDir Path dir) throws Exception {
        Reports.write(report("relay<mq>", 10_000, 2.0, 4.0), dir, "p2p-test");

        String html = Files.readString(dir.resolve("p2p-test.html"));
        assertThat(html)
                .startsWith("<!DOCTYPE html>")
                .contains("relay&lt;mq&gt;")
                .doesNotContain("<script")
                .doesNotContain("http://cdn")
                .contains("class=\"warm\"");
        assertThat(html.split("<polyline", -1)).hasSize(6);
        assertThat(html).containsPattern("points=\"[0-9.]+,[0-9.]+ [0-9.]+,[0-9.]+ [0-9.]+,[0-9.]+\"");
        assertThat(Files.readString(dir.resolve("p2p-test.json"))).contains("\"target\": \"relay<mq>\"");
    }

    @Test
    void sideBySideShowsTheFirstBrokersRatioToEachOther() {
        String table =
                SideBySide.table(List.of(report("relaymq", 10_000, 2.0, 4.0), report("mosquitto", 10_000, 4.0, 2.0)));

        assertThat(table).contains("| metric | relaymq | mosquitto | relaymq / mosquitto |");
        assertThat(table).contains("| msgs per server CPU-s | 5,000 | 2,500 | x2.00 |");
        assertThat(table).contains("| latency p99 ms | 4 | 2 | x2.00 |");
        assertThat(SideBySide.ratio(1, 0)).isEqualTo("-");
    }

    @Test
    void idleReportsMemoryPerConnection() {
        ScenarioSettings s = ScenarioSettings.from(Settings.of(Map.of("scenario", "idle")), "r");
        IdleReport report = new IdleReport("relaymq", s, 1000, 2.0, 100_000_000, 110_000_000, 0.5, 10, 1.0, 0);

        assertThat(report.bytesPerConnection()).isEqualTo(10_000.0);
        assertThat(report.summary()).contains("10,000 bytes per connection");
        assertThat(report.toJson()).containsEntry("serverCoresWhileIdle", 0.05);
    }
}
