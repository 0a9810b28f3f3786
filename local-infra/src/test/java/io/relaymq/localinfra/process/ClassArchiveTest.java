package io.relaymq.localinfra.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which archive a training node leaves: only one that became ready and stopped gracefully publishes what it
 * archived. A node stopped while it was still starting had not loaded what a running node uses; published, its
 * archive would serve every later start of that jar.
 */
class ClassArchiveTest {

    @TempDir
    Path dir;

    /** A process that stands in for the node: it exits with {@code code} when its standard input closes. */
    private static Process node(ClassArchive.Start start, int code) throws IOException {
        return ClassArchive.launch(start, new ProcessBuilder("sh", "-c", "cat > /dev/null; exit " + code));
    }

    private ClassArchive.Start training() throws IOException {
        Path partial = dir.resolve("classes.jsa.partial");
        Files.writeString(partial, "archived classes");
        return new ClassArchive.Start(List.of(), Optional.of(partial));
    }

    private static void stop(Process node) throws Exception {
        node.getOutputStream().close();
        node.onExit().get();
    }

    @Test
    void aReadyNodeThatStopsGracefullyPublishesItsArchive() throws Exception {
        ClassArchive.Start start = training();
        Process node = node(start, 143);
        ClassArchive.ready(start);

        stop(node);

        await().atMost(Duration.ofSeconds(10)).until(() -> Files.exists(dir.resolve("classes.jsa")));
        assertThat(dir.resolve("classes.jsa")).hasContent("archived classes");
        assertThat(dir.resolve("classes.jsa.partial")).doesNotExist();
        assertThat(dir.resolve("training.ready")).doesNotExist();
    }

    @Test
    void aNodeStoppedBeforeItWasReadyLeavesNoArchive() throws Exception {
        ClassArchive.Start start = training();
        Process node = node(start, 0);

        stop(node);

        await().atMost(Duration.ofSeconds(10)).until(() -> !Files.exists(dir.resolve("classes.jsa.partial")));
        assertThat(dir.resolve("classes.jsa")).doesNotExist();
    }

    @Test
    void aReadyNodeThatFailsLeavesNoArchive() throws Exception {
        ClassArchive.Start start = training();
        Process node = node(start, 1);
        ClassArchive.ready(start);

        stop(node);

        await().atMost(Duration.ofSeconds(10)).until(() -> !Files.exists(dir.resolve("classes.jsa.partial")));
        assertThat(dir.resolve("classes.jsa")).doesNotExist();
    }

    @Test
    void aNodeThatCannotBeStartedLeavesTheTrainingToTheNext() throws Exception {
        ClassArchive.Start start = training();
        Files.writeString(dir.resolve("training.pid"), "1");

        assertThatThrownBy(() -> ClassArchive.launch(
                        start, new ProcessBuilder(dir.resolve("no-such-java").toString())))
                .isInstanceOf(IOException.class);

        assertThat(dir.resolve("training.pid")).doesNotExist();
    }

    /**
     * Another JVM's claim: it locks {@code training.lock}, and when told (a line on its standard input) writes its
     * pid as the trainer and unlocks; it exits when its standard input closes.
     */
    private static final String OTHER_CLAIM = """
            import java.io.BufferedReader;
            import java.io.InputStreamReader;
            import java.nio.channels.FileChannel;
            import java.nio.file.Files;
            import java.nio.file.Path;
            import java.nio.file.StandardOpenOption;

            public class OtherClaim {
                public static void main(String[] args) throws Exception {
                    BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
                    try (FileChannel channel = FileChannel.open(
                            Path.of(args[0], "training.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                        var held = channel.lock();
                        System.out.println("locked");
                        in.readLine();
                        Files.writeString(Path.of(args[0], "training.pid"), Long.toString(ProcessHandle.current().pid()));
                        held.release();
                        System.out.println("claimed");
                        in.readLine();
                    }
                }
            }
            """;

    @Test
    void aClaimWaitsWhileAnotherJvmClaimsAndThenFindsTheTrainingTaken() throws Exception {
        Path source = dir.resolve("OtherClaim.java");
        Files.writeString(source, OTHER_CLAIM);
        Process other = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        source.toString(),
                        dir.toString())
                .redirectErrorStream(true)
                .start();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(other.getInputStream()));
                PrintStream commands = new PrintStream(other.getOutputStream(), true)) {
            assertThat(lines.readLine()).isEqualTo("locked");
            CompletableFuture<Boolean> claimed = CompletableFuture.supplyAsync(() -> {
                try {
                    return ClassArchive.claimTraining(dir);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            // no marker exists yet: without the lock this claim would be decided at once, and both would train
            await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(5)).until(() -> !claimed.isDone());

            commands.println("claim");
            assertThat(lines.readLine()).isEqualTo("claimed");

            assertThat(claimed.get(10, TimeUnit.SECONDS))
                    .as("the other JVM trains")
                    .isFalse();
            assertThat(dir.resolve("training.pid")).hasContent(Long.toString(other.pid()));
        } finally {
            other.destroyForcibly();
        }
    }
}
