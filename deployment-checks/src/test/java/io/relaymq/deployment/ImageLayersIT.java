package io.relaymq.deployment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What docker/Dockerfile does with the broker jar, done here without Docker: its {@code extract} command
 * splits the jar into the layers its COPY lines name, the layers copied into one directory in that order
 * hold the application, and the entrypoint's java command starts the broker from them.
 */
class ImageLayersIT {

    private static final Path ROOT =
            Path.of(System.getProperty("relaymq.root", "..")).toAbsolutePath().normalize();

    @TempDir
    Path work;

    @Test
    void theLayersTheDockerfileCopiesStartTheBroker() throws Exception {
        String dockerfile = Files.readString(ROOT.resolve("docker/Dockerfile"));
        Matcher extract = Pattern.compile("java (-Djarmode=tools -jar broker/target/relaymq-broker.jar extract [^\\n]*)"
                        + " --destination /layers")
                .matcher(dockerfile);
        assertThat(extract.find())
                .as("the extract command in docker/Dockerfile")
                .isTrue();
        List<String> command = new ArrayList<>(List.of(java(), "-XX:TieredStopAtLevel=1"));
        command.addAll(List.of(extract.group(1).split(" ")));
        command.addAll(List.of("--destination", work.resolve("layers").toString()));
        Process extracting =
                new ProcessBuilder(command).directory(ROOT.toFile()).inheritIO().start();
        assertThat(extracting.waitFor()).isZero();

        Matcher copy = Pattern.compile("COPY --from=build --chown=\\S+ /layers/([a-z-]+)/ /opt/relaymq/app/")
                .matcher(dockerfile);
        List<String> layers = new ArrayList<>();
        Path app = Files.createDirectories(work.resolve("app"));
        while (copy.find()) {
            layers.add(copy.group(1));
            copyTree(work.resolve("layers").resolve(copy.group(1)), app);
        }
        assertThat(layers)
                .containsExactly("dependencies", "spring-boot-loader", "snapshot-dependencies", "application");
        assertThat(app.resolve("BOOT-INF/classes/application.yml")).isRegularFile();

        String entrypoint = Files.readString(ROOT.resolve("docker/entrypoint.sh"));
        Matcher launch = Pattern.compile("-cp /opt/relaymq/app (\\S+)").matcher(entrypoint);
        assertThat(launch.find())
                .as("the launcher class in docker/entrypoint.sh")
                .isTrue();
        Path log = work.resolve("node.log");
        Process node = new ProcessBuilder(
                        java(), "-XX:TieredStopAtLevel=1", "-cp", app.toString(), launch.group(1), "--server.port=0")
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        try {
            await().atMost(Duration.ofSeconds(60))
                    .until(() -> Files.readString(log).contains("Starting RelayMqBrokerApplication"));
        } finally {
            node.destroyForcibly().waitFor();
        }
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path source : paths.toList()) {
                Path target = to.resolve(from.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }
}
