package io.relaymq.localinfra.kafka;

import java.nio.file.Path;

/** One combined broker+controller node: its id, client port, controller port and folder. */
public record KafkaNodeSpec(int nodeId, int port, int controllerPort, Path dir) {

    public String bootstrap() {
        return "127.0.0.1:" + port;
    }

    public Path dataDir() {
        return dir.resolve("data");
    }

    public Path propertiesFile() {
        return dir.resolve("server.properties");
    }
}
