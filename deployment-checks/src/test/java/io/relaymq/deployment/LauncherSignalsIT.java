package io.relaymq.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./relaymq run} stopped with Ctrl-C the way a terminal sends it (SIGINT to the process group), while
 * the broker node is still starting and once it is up: no process the launcher started may outlive it, and
 * the next run on the same data starts cleanly (its ports are free, its data usable). The launcher puts the
 * node and the servers in sessions of their own, so only its shutdown hook can stop them.
 */
class LauncherSignalsIT {

    private static final Path ROOT =
            Path.of(System.getProperty("relaymq.root", "..")).toAbsolutePath().normalize();
    private static final Duration START = Duration.ofMinutes(4);
    private static final Duration STOP = Duration.ofMinutes(2);

    @TempDir
    Path work;

    @Test
    void ctrlCWhileTheNodeStartsAndOnceItIsUpLeavesNothingRunning() throws Exception {
        String nodeId = "launcher-" + UUID.randomUUID().toString().substring(0, 8);
        int offset = freePortOffset();

        try (LauncherRun first = LauncherRun.start(ROOT, work, nodeId, offset)) {
            first.awaitOutput("Starting broker node", START);
            first.awaitNodeProcess(Duration.ofSeconds(30));
            assertThat(first.output()).as("still starting").doesNotContain("is up");
            first.pressCtrlC();
            Optional<Integer> exit = first.awaitExit(STOP);
            assertThat(exit).as(first.output()).isPresent();
            assertThat(first.survivors())
                    .as("processes left after Ctrl-C during the node's start")
                    .isEmpty();
        }

        try (LauncherRun second = LauncherRun.start(ROOT, work, nodeId, offset)) {
            second.awaitOutput("RelayMQ node " + nodeId + " is up", START);
            second.pressCtrlC();
            Optional<Integer> exit = second.awaitExit(STOP);
            assertThat(exit).as(second.output()).isPresent();
            assertThat(second.output()).contains("Stopped. Data kept in");
            assertThat(second.survivors())
                    .as("processes left after Ctrl-C once the node was up")
                    .isEmpty();
        }
    }

    /** A --port-offset whose MQTT (1883 + offset) and HTTP (8083 + offset) ports are both free. */
    private static int freePortOffset() {
        return IntStream.rangeClosed(100, 1000)
                .filter(offset -> free(1883 + offset) && free(8083 + offset))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no free port pair for the launcher's node"));
    }

    private static boolean free(int port) {
        try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
