package io.relaymq.perf.runner;

import io.relaymq.perf.report.Report;
import io.relaymq.perf.report.Reports;
import io.relaymq.perf.report.SideBySide;
import io.relaymq.perf.scenario.CredentialsProvisioning;
import io.relaymq.perf.scenario.IdleRun;
import io.relaymq.perf.scenario.ScenarioSettings;
import io.relaymq.perf.scenario.ServerProbe;
import io.relaymq.perf.scenario.Settings;
import io.relaymq.perf.scenario.TrafficRun;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * Runs one scenario against one or more brokers and reports each run plus a side-by-side table.
 * Run from the repository root through {@code perf-tests/bench}; see perf-tests/README.md for the settings.
 */
public final class BenchmarkRunner {

    private final ScenarioSettings base;
    private final RunnerOptions options;
    private final PrintStream out;

    BenchmarkRunner(ScenarioSettings base, RunnerOptions options, PrintStream out) {
        this.base = base;
        this.options = options;
        this.out = out;
    }

    public static void main(String[] args) throws Exception {
        Set<String> known = new HashSet<>(ScenarioSettings.KEYS);
        known.addAll(RunnerOptions.KEYS);
        Settings settings;
        ScenarioSettings scenario;
        RunnerOptions options;
        try {
            settings = Settings.fromArgs(args, known);
            scenario =
                    ScenarioSettings.from(settings, UUID.randomUUID().toString().substring(0, 6));
            options = RunnerOptions.from(settings);
        } catch (IllegalArgumentException e) {
            System.err.println("bench: " + e.getMessage());
            System.exit(2);
            return;
        }
        new BenchmarkRunner(scenario, options, System.out).runAll();
        System.exit(0);
    }

    void runAll() throws Exception {
        List<Report> reports = new ArrayList<>();
        for (String name : options.targets()) {
            out.println("== " + base.scenario() + " against " + name);
            try {
                reports.add(runOn(name));
            } catch (IllegalStateException e) {
                out.println("skipped " + name + ": " + e.getMessage());
            }
        }
        if (reports.size() > 1) {
            String table = SideBySide.table(reports);
            out.println(table);
            Files.writeString(options.reportDir().resolve(runName() + "-side-by-side.md"), table);
        }
    }

    private Report runOn(String name) throws Exception {
        Path work = options.reportDir().resolve("work-" + name).toAbsolutePath();
        deleteTree(work);
        try (Target target = start(name, work)) {
            ScenarioSettings s = base.withEndpoint(target.host(), target.ports());
            s = provision(target, s);
            Report report = base.scenario().equals("idle")
                    ? new IdleRun(s, idleProbe(target), target.name(), out).run()
                    : new TrafficRun(s, target.probe(), target.name(), out).run();
            Path json = Reports.write(report, options.reportDir(), runName() + "-" + target.name());
            out.println(report.summary());
            out.println("report: " + json);
            return report;
        }
    }

    private Target start(String name, Path work) throws Exception {
        return switch (name) {
            case "relaymq" ->
                RelayMqTarget.start(
                        options.nodes(), !options.relayMqAuth(), options.brokerHeap(), options.relayMqEnv(), work);
            case "mosquitto" -> MosquittoTarget.start(work);
            case "hivemq" -> HiveMqTarget.start(options.brokerHeap(), work);
            default -> new ExternalTarget(options.externalName(), base.host(), base.ports(), options.serverPids());
        };
    }

    /** Report file prefix: the scenario, marked when its subscribers are not persistent. */
    String runName() {
        boolean traffic = !base.scenario().equals("idle");
        return base.scenario() + (traffic && !base.persistent() ? "-clean" : "") + (base.mqtt5() ? "-mqtt5" : "");
    }

    /** With auth on, RelayMQ needs credentials for the DEVICE and APPLICATION clients: create them. */
    private ScenarioSettings provision(Target target, ScenarioSettings s) throws Exception {
        String adminUrl;
        String adminPassword;
        if (target instanceof RelayMqTarget relayMq && options.relayMqAuth()) {
            adminUrl = relayMq.adminUrl();
            adminPassword = RelayMqTarget.ADMIN_PASSWORD;
            if (s.username() == null) {
                s = s.withCredentials("bench-device", "bench-device-pw", "bench-app", "bench-app-pw");
            }
        } else if (target instanceof ExternalTarget && !options.adminUrl().isEmpty()) {
            adminUrl = options.adminUrl();
            adminPassword = options.adminPassword();
        } else {
            return s;
        }
        out.println("credentials: "
                + new CredentialsProvisioning(adminUrl).provision(options.adminUser(), adminPassword, s));
        return s;
    }

    /** Memory per connection is the broker's own: for RelayMQ the node JVMs, not Kafka, Redis and PostgreSQL. */
    private static ServerProbe idleProbe(Target target) {
        return target instanceof RelayMqTarget relayMq ? relayMq.brokersOnly() : target.probe();
    }

    private static void deleteTree(Path dir) throws Exception {
        if (Files.exists(dir)) {
            try (var paths = Files.walk(dir)) {
                for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }
}
