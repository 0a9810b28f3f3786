package io.relaymq.perf.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Eclipse Mosquitto (the Debian package: {@code apt-get install mosquitto}) started with its own config:
 * one listener, anonymous access, {@code set_tcp_nodelay true}, no queue or in-flight caps, in-memory
 * persistence (Mosquitto only writes snapshots, so it promises less durability than RelayMQ).
 */
final class MosquittoTarget {

    static final int PORT = 31884;

    private MosquittoTarget() {}

    static Optional<Path> binary() {
        String path = System.getenv().getOrDefault("PATH", "");
        return Stream.concat(Stream.of(path.split(":")), Stream.of("/usr/sbin", "/usr/local/sbin"))
                .filter(dir -> !dir.isEmpty())
                .map(dir -> Path.of(dir, "mosquitto"))
                .filter(Files::isExecutable)
                .findFirst();
    }

    static Target start(Path work) throws IOException, InterruptedException {
        Path binary = binary().orElseThrow(() -> new IllegalStateException(
                "mosquitto is not installed (Debian/Ubuntu: sudo apt-get install mosquitto)"));
        Files.createDirectories(work);
        Path conf = work.resolve("mosquitto.conf");
        Files.writeString(conf, config(PORT));
        Process process = new ProcessBuilder(binary.toString(), "-c", conf.toString())
                .redirectErrorStream(true)
                .redirectOutput(work.resolve("mosquitto.log").toFile())
                .start();
        Ports.awaitOpen("127.0.0.1", PORT, Duration.ofSeconds(30), process);
        return new LocalProcessTarget("mosquitto", process, PORT);
    }

    static String config(int port) {
        return String.join(
                "\n",
                "listener " + port + " 127.0.0.1",
                "allow_anonymous true",
                "set_tcp_nodelay true",
                "max_queued_messages 0",
                "max_inflight_messages 0",
                "max_connections -1",
                "persistence false",
                "log_type error",
                "log_type warning",
                "");
    }
}
