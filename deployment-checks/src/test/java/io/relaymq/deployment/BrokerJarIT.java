package io.relaymq.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;

/**
 * The broker jar the image copies (docker/Dockerfile): Netty's native epoll transport for both CPU kinds, and the
 * libraries of the integration executor inside a node (a test-scoped Paho in the broker's pom once left the MQTT
 * bridge without its client at run time).
 */
class BrokerJarIT {

    private static final Path JAR = Path.of(System.getProperty("relaymq.root", ".."))
            .toAbsolutePath()
            .normalize()
            .resolve("broker/target/relaymq-broker.jar");

    @Test
    void theJarCarriesEpollForX86AndArm() throws IOException {
        assertThat(Files.isRegularFile(JAR))
                .as(JAR + " (built by the broker module)")
                .isTrue();
        try (JarFile jar = new JarFile(JAR.toFile())) {
            List<String> natives = jar.stream()
                    .map(ZipEntry::getName)
                    .filter(name -> name.startsWith("BOOT-INF/lib/netty-transport-native-epoll-"))
                    .toList();
            assertThat(natives)
                    .anyMatch(name -> name.endsWith("-linux-x86_64.jar"))
                    .anyMatch(name -> name.endsWith("-linux-aarch_64.jar"));
        }
    }

    @Test
    void theJarCarriesTheIntegrationTargetsLibraries() throws IOException {
        try (JarFile jar = new JarFile(JAR.toFile())) {
            List<String> libs = jar.stream()
                    .map(ZipEntry::getName)
                    .filter(name -> name.startsWith("BOOT-INF/lib/"))
                    .toList();
            assertThat(libs)
                    .anyMatch(name -> name.startsWith("BOOT-INF/lib/relaymq-integration"))
                    .anyMatch(name -> name.startsWith("BOOT-INF/lib/org.eclipse.paho.mqttv5.client-"))
                    .anyMatch(name -> name.startsWith("BOOT-INF/lib/org.eclipse.paho.client.mqttv3-"));
        }
    }
}
