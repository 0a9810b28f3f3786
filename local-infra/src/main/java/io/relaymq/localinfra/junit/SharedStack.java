package io.relaymq.localinfra.junit;

import io.relaymq.localinfra.stack.ExternalServers;
import io.relaymq.localinfra.stack.LocalStack;
import io.relaymq.localinfra.stack.StackEndpoints;
import io.relaymq.localinfra.stack.StackSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The stack of one test JVM, in {@code <relaymq.test.work>/jvm-<pid>}; folders of test JVMs that are
 * gone are deleted first. Closed by JUnit when the root context closes.
 */
final class SharedStack implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(SharedStack.class);

    private final LocalStack stack;

    private SharedStack(LocalStack stack) {
        this.stack = stack;
    }

    static SharedStack start() {
        Path root = Path.of(System.getProperty("relaymq.test.work", "target/local-stack"))
                .toAbsolutePath();
        deleteStale(root);
        Path work = root.resolve("jvm-" + ProcessHandle.current().pid());
        long began = System.nanoTime();
        LocalStack stack = LocalStack.create(settings(work), ExternalServers.fromEnvironment(System.getenv()))
                .start();
        log.info(
                "test stack ready in {} ms under {}:\n  {}",
                (System.nanoTime() - began) / 1_000_000,
                work,
                String.join("\n  ", stack.summary()));
        return new SharedStack(stack);
    }

    /**
     * The test stack: 1 Kafka node and 3 Redis masters, or with {@code -Drelaymq.test.stack=faults} the
     * fault suite's 3 Kafka nodes (replication 3, min ISR 2) and 3 Redis masters with a replica each, with
     * the append-only file on as in production, so that stopping all of Redis keeps its data.
     */
    static StackSettings settings(Path work) {
        StackSettings tests = StackSettings.forTests(work);
        String kind = System.getProperty("relaymq.test.stack", "tests");
        return switch (kind) {
            case "tests" -> tests;
            case "faults" -> tests.withKafkaNodes(3).withRedisReplicas(1).withRedisAppendOnly();
            default -> throw new IllegalArgumentException("relaymq.test.stack is tests or faults: " + kind);
        };
    }

    LocalStack stack() {
        return stack;
    }

    StackEndpoints endpoints() {
        return stack.endpoints();
    }

    @Override
    public void close() {
        stack.close();
    }

    private static void deleteStale(Path root) {
        if (!Files.isDirectory(root)) {
            return;
        }
        try (Stream<Path> dirs = Files.list(root)) {
            dirs.filter(d -> d.getFileName().toString().startsWith("jvm-"))
                    .filter(d -> !isLiveJvm(d.getFileName().toString().substring(4)))
                    .forEach(SharedStack::deleteTree);
        } catch (IOException e) {
            log.warn("cannot clean {}: {}", root, e.getMessage());
        }
    }

    private static boolean isLiveJvm(String pid) {
        try {
            return ProcessHandle.of(Long.parseLong(pid))
                    .map(ProcessHandle::isAlive)
                    .orElse(false);
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted((a, b) -> b.getNameCount() - a.getNameCount())
                    .forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            log.warn("cannot delete {}: {}", dir, e.getMessage());
        }
    }
}
