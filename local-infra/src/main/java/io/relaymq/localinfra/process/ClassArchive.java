package io.relaymq.localinfra.process;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts broker nodes ({@code ./relaymq}, the tests' nodes) from the packaged jar extracted by Spring Boot's tools
 * mode, sharing the classes of earlier nodes through a class-data-sharing archive. The first node started without an archive writes one
 * when it stops gracefully; every later node maps those classes instead of loading and verifying them again,
 * which halves a node's start on a 2-core machine (about 10 s to 5 s with the stack idle). A node that only
 * uses the archive behaves exactly as one that does not: the same jar, the same classes.
 *
 * <p>All state lives in {@code cds/<size>-<modified>-java<version>/} beside the jar it was made from, so a rebuilt
 * jar gets its own extraction and archive. A node training the archive is recorded in {@code training.pid} with the
 * pid of the JVM that started it, so that a launcher that died mid-training does not stop the next one from
 * training.
 */
public final class ClassArchive {

    private static final Logger log = LoggerFactory.getLogger(ClassArchive.class);

    /** How to start one node, and the archive it writes at exit if it is the one training it. */
    public record Start(List<String> javaArguments, Optional<Path> writes) {}

    /**
     * The training node's exit names every class it could not archive (over 150 warnings): a node's console and
     * log keep only real errors of class-data sharing.
     */
    private static final String QUIET = "-Xlog:cds*=error";
    /** Marks a training node that became ready ({@link #ready}). */
    private static final String READY = "training.ready";

    private ClassArchive() {}

    /** The arguments after the JVM options: class-data-sharing options, then {@code -jar} and the jar to run. */
    public static synchronized Start next(Path jar) throws IOException {
        String stamp = Files.size(jar) + "-" + Files.getLastModifiedTime(jar).toMillis() + "-java"
                + Runtime.version().feature();
        Path dir = jar.toAbsolutePath().getParent().resolve("cds").resolve(stamp);
        Optional<Path> extracted = extract(jar, dir);
        if (extracted.isEmpty()) {
            return new Start(List.of("-jar", jar.toString()), Optional.empty());
        }
        Path archive = dir.resolve("classes.jsa");
        List<String> arguments = new ArrayList<>();
        Optional<Path> writes = Optional.empty();
        if (Files.exists(archive)) {
            arguments.add("-XX:SharedArchiveFile=" + archive);
            arguments.add(QUIET);
        } else if (claimTraining(dir)) {
            Path partial = dir.resolve("classes.jsa.partial");
            Files.deleteIfExists(partial);
            Files.deleteIfExists(dir.resolve(READY));
            arguments.add("-XX:ArchiveClassesAtExit=" + partial);
            arguments.add(QUIET);
            writes = Optional.of(partial);
        }
        arguments.add("-jar");
        arguments.add(extracted.get().toString());
        return new Start(List.copyOf(arguments), writes);
    }

    /**
     * Starts a node whose command holds {@code start}'s arguments. If it trains the archive, what it archives is
     * published when it exits (see {@link #ready}); if it cannot be started, the training is left to the next node.
     */
    public static Process launch(Start start, ProcessBuilder node) throws IOException {
        Process process;
        try {
            process = node.start();
        } catch (IOException e) {
            notStarted(start);
            throw e;
        }
        started(start, process);
        return process;
    }

    /** For a node that could not be started: the archive it was to write is left to the next node. */
    private static synchronized void notStarted(Start start) {
        start.writes().ifPresent(partial -> {
            try {
                Files.deleteIfExists(partial.getParent().resolve("training.pid"));
            } catch (IOException e) {
                log.warn("could not release the class-data-sharing training of {}", partial, e);
            }
        });
    }

    /**
     * For the training node: once it has exited, its archive is published if it had been {@link #ready} and stopped
     * gracefully (0, or 143 after SIGTERM). A node that was SIGKILLed, or stopped while still starting (it had not
     * loaded the classes a running node uses yet), leaves nothing, and the next node trains instead.
     */
    private static void started(Start start, Process process) {
        start.writes().ifPresent(partial -> process.onExit().thenRun(() -> publish(partial, process.exitValue())));
    }

    /** The node started from {@code start} is ready: if it trains the archive, what it archives at exit is kept. */
    public static synchronized void ready(Start start) {
        start.writes().ifPresent(partial -> {
            try {
                Files.writeString(partial.getParent().resolve(READY), "ready");
            } catch (IOException e) {
                log.warn("could not mark the class-data-sharing training of {} as ready", partial, e);
            }
        });
    }

    private static synchronized void publish(Path partial, int exitValue) {
        Path dir = partial.getParent();
        try {
            boolean wasReady = Files.deleteIfExists(dir.resolve(READY));
            if (wasReady
                    && (exitValue == 0 || exitValue == 143)
                    && Files.isRegularFile(partial)
                    && Files.size(partial) > 0) {
                Files.move(partial, dir.resolve("classes.jsa"), StandardCopyOption.ATOMIC_MOVE);
            } else {
                Files.deleteIfExists(partial);
            }
            Files.deleteIfExists(dir.resolve("training.pid"));
        } catch (IOException e) {
            log.warn("could not publish the class-data-sharing archive {}", partial, e);
        }
    }

    /**
     * Claims the training of the archive in {@code dir} for this JVM unless a live process holds it. The check and
     * the claim happen under a lock on {@code training.lock}, which other JVMs (a {@code ./relaymq} launcher and a
     * test run sharing one build) respect, so two of them never both train and write the same partial archive.
     */
    static boolean claimTraining(Path dir) throws IOException {
        try (FileChannel channel = FileChannel.open(
                        dir.resolve("training.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock held = channel.lock()) {
            Path marker = dir.resolve("training.pid");
            if (Files.exists(marker)) {
                Optional<ProcessHandle> owner =
                        parsePid(Files.readString(marker).trim()).flatMap(ProcessHandle::of);
                if (owner.isPresent() && owner.get().isAlive()) {
                    return false;
                }
                Files.delete(marker);
            }
            Files.writeString(marker, Long.toString(ProcessHandle.current().pid()));
            return true;
        }
    }

    private static Optional<Long> parsePid(String text) {
        try {
            return Optional.of(Long.parseLong(text));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** The extracted jar (made once per jar), or empty when extraction failed: the node then runs the fat jar. */
    private static Optional<Path> extract(Path jar, Path dir) throws IOException {
        Path app = dir.resolve("app");
        Path extracted = app.resolve(jar.getFileName());
        Path failed = dir.resolve("extract.failed");
        if (Files.exists(extracted)) {
            return Optional.of(extracted);
        }
        if (Files.exists(failed)) {
            return Optional.empty();
        }
        Path partial = dir.resolve("app.partial");
        removeOlderJars(dir);
        Files.createDirectories(dir);
        deleteTree(partial);
        deleteTree(app);
        Process tools = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Djarmode=tools",
                        "-jar",
                        jar.toString(),
                        "extract",
                        "--destination",
                        partial.toString())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("extract.log").toFile())
                .start();
        try {
            boolean ended = tools.waitFor(2, TimeUnit.MINUTES);
            if (ended && tools.exitValue() > 128) {
                // stopped by a signal (a Ctrl-C reaches the launcher's whole process group): the next node tries again
                return Optional.empty();
            }
            if (!ended || tools.exitValue() != 0) {
                tools.destroyForcibly();
                log.warn(
                        "extracting {} failed (see {}): nodes start from the jar itself",
                        jar,
                        dir.resolve("extract.log"));
                Files.writeString(failed, "see extract.log");
                return Optional.empty();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            tools.destroyForcibly();
            return Optional.empty();
        }
        Files.move(partial, app, StandardCopyOption.ATOMIC_MOVE);
        return Optional.of(extracted);
    }

    /** Extractions and archives of jars built before this one (about 170 MB each). */
    private static void removeOlderJars(Path dir) throws IOException {
        if (!Files.isDirectory(dir.getParent())) {
            return;
        }
        try (var siblings = Files.list(dir.getParent())) {
            for (Path sibling : siblings.filter(p -> !p.equals(dir)).toList()) {
                deleteTree(sibling);
            }
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (var paths = Files.walk(root)) {
            for (Path path :
                    paths.sorted((x, y) -> y.getNameCount() - x.getNameCount()).toList()) {
                Files.delete(path);
            }
        }
    }
}
