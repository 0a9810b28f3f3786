package io.relaymq.localinfra.cli;

import io.relaymq.localinfra.process.Ports;
import io.relaymq.localinfra.stack.ExternalServers;
import io.relaymq.localinfra.stack.LocalStack;
import io.relaymq.localinfra.stack.StackEndpoints;
import io.relaymq.localinfra.stack.StackSettings;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The {@code ./relaymq} command: starts the local stack and broker nodes in the foreground; Ctrl-C
 * stops the node first, then the stack, keeping all data for the next run.
 */
public final class LocalInfraMain {

    private final CliOptions options;
    private final PrintStream out;

    private LocalInfraMain(CliOptions options, PrintStream out) {
        this.options = options;
        this.out = out;
    }

    public static void main(String[] args) throws Exception {
        System.setProperty("logback.configurationFile", "relaymq-local-infra-logback.xml");
        CliOptions options;
        try {
            options = CliOptions.parse(List.of(args), System.getenv());
        } catch (IllegalArgumentException e) {
            System.err.println("relaymq: " + e.getMessage() + "\n\n" + CliOptions.USAGE);
            System.exit(2);
            return;
        }
        int exit = new LocalInfraMain(options, System.out).execute();
        System.exit(exit);
    }

    private int execute() throws Exception {
        return switch (options.command()) {
            case "stack" -> runStack(false);
            case "run" -> runStack(true);
            case "node" -> runExtraNode();
            default -> {
                out.print(CliOptions.USAGE);
                yield 0;
            }
        };
    }

    private int runStack(boolean withNode) throws Exception {
        Path work = options.workDir();
        Files.createDirectories(work);
        StackSettings settings = StackSettings.forRun(work)
                .withKafkaNodes(options.kafkaNodes())
                .withRedisReplicas(options.redisReplicas());
        LocalStack stack = LocalStack.create(settings, ExternalServers.fromEnvironment(System.getenv()));
        refuseIfRunning(stack);
        RunState state = new RunState();
        CountDownLatch stopped = new CountDownLatch(1);
        // before the first server starts: Ctrl-C during the start must stop what was started so far
        Runtime.getRuntime().addShutdownHook(new Thread(() -> shutdown(state, stack, stopped), "relaymq-stop"));
        out.println("Starting the local stack in " + work + " …");
        long began = System.nanoTime();
        try {
            stack.start();
        } finally {
            state.stackStartEnded();
        }
        out.printf("Stack ready in %.1f s:%n", (System.nanoTime() - began) / 1e9);
        stack.summary().forEach(line -> out.println("  " + line));
        if (!withNode) {
            out.println("\nConnection settings (also in " + work.resolve(StackEndpoints.ENV_FILE) + "):\n");
            out.println(stack.endpoints().asExports());
            out.println("Ctrl-C stops the stack; data stays in " + work);
            stopped.await();
            return 0;
        }
        Optional<Process> node = startNode(state, stack.endpoints());
        return node.isEmpty() ? 1 : waitForExit(node.get());
    }

    private int runExtraNode() throws Exception {
        Path envFile = options.workDir().resolve(StackEndpoints.ENV_FILE);
        if (!Files.exists(envFile)) {
            out.println("No running stack found in " + options.workDir() + " (" + envFile + " is missing).\n"
                    + "Start one first: ./relaymq run   (or ./relaymq stack)");
            return 1;
        }
        StackEndpoints endpoints = StackEndpoints.readFrom(envFile);
        RunState state = new RunState();
        state.stackStartEnded();
        Runtime.getRuntime()
                .addShutdownHook(
                        new Thread(() -> state.beginStopping().forEach(LocalInfraMain::stopNode), "relaymq-stop-node"));
        Optional<Process> node = startNode(state, endpoints);
        return node.isEmpty() ? 1 : waitForExit(node.get());
    }

    /** Starts a node and waits until it is healthy; empty when it did not become healthy or stopping began. */
    private Optional<Process> startNode(RunState state, StackEndpoints endpoints) throws Exception {
        int http = BrokerLauncher.HTTP_PORT + options.portOffset();
        int mqtt = BrokerLauncher.MQTT_PORT + options.portOffset();
        if (Ports.isListening(http) || Ports.isListening(mqtt)) {
            out.println("Port " + http + " or " + mqtt + " is in use: give this node another --port-offset");
            return Optional.empty();
        }
        Map<String, String> environment = BrokerLauncher.environment(endpoints, options);
        BrokerLauncher launcher = BrokerLauncher.locate();
        Optional<Process> started = state.startNode(() -> {
            out.println("Starting broker node " + options.nodeId() + " …");
            return launcher.start(environment);
        });
        if (started.isEmpty()) {
            return started;
        }
        Process broker = started.get();
        if (BrokerLauncher.awaitHealthy(
                        broker, BrokerLauncher.probeHost(options.bindAddress()), http, Duration.ofMinutes(3))
                .isEmpty()) {
            if (!state.stopping()) {
                out.println("Broker node " + options.nodeId() + " did not become healthy; see its log above.");
            }
            stopNode(broker);
            return Optional.empty();
        }
        launcher.ready();
        out.println();
        Banner.lines(options, environment).forEach(out::println);
        return started;
    }

    private static int waitForExit(Process node) throws InterruptedException {
        return node.waitFor();
    }

    private void refuseIfRunning(LocalStack stack) {
        int kafkaPort = stack.ports().kafka().get(0);
        if (stack.settings().kafka() && Ports.isListening(kafkaPort)) {
            throw new IllegalStateException("Port " + kafkaPort + " is in use: is a stack already running in "
                    + options.workDir() + "? Add a node to it with ./relaymq node, or use another --work folder.");
        }
    }

    /** Every exit path: the nodes first, then the stack once its start has returned; each awaited. */
    private void shutdown(RunState state, LocalStack stack, CountDownLatch stopped) {
        out.println("\nStopping …");
        state.beginStopping().forEach(LocalInfraMain::stopNode);
        try {
            state.awaitStackStartEnded();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        stack.stop();
        out.println("Stopped. Data kept in " + options.workDir());
        stopped.countDown();
    }

    private static void stopNode(Process node) {
        if (node == null || !node.isAlive()) {
            return;
        }
        node.destroy();
        try {
            if (!node.waitFor(45, TimeUnit.SECONDS)) {
                node.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            node.destroyForcibly();
        }
    }
}
