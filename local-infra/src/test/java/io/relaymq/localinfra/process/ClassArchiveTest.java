package io.relaymq.localinfra.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
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
}
