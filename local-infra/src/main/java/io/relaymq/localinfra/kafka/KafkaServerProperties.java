package io.relaymq.localinfra.kafka;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Renders server.properties for a KRaft node. One node uses a dynamic quorum (formatted with
 * --standalone); several nodes use a static voter set. Broker-side topic auto-creation is off: the
 * broker creates and validates its topics itself.
 */
final class KafkaServerProperties {

    private KafkaServerProperties() {}

    static String render(KafkaNodeSpec node, List<KafkaNodeSpec> all) {
        return render(node, all, Optional.empty());
    }

    /** With {@code sasl}, a second client listener that authenticates (one-node clusters only). */
    static String render(KafkaNodeSpec node, List<KafkaNodeSpec> all, Optional<KafkaSaslListener> sasl) {
        int replication = Math.min(3, all.size());
        int minIsr = replication >= 3 ? 2 : 1;
        StringBuilder p = new StringBuilder();
        p.append("process.roles=broker,controller\n");
        p.append("node.id=").append(node.nodeId()).append('\n');
        if (all.size() == 1) {
            p.append("controller.quorum.bootstrap.servers=127.0.0.1:")
                    .append(node.controllerPort())
                    .append('\n');
        } else {
            p.append("controller.quorum.voters=").append(voters(all)).append('\n');
        }
        String extra = sasl.map(l -> "," + KafkaSaslListener.NAME + "://" + l.bootstrap())
                .orElse("");
        p.append("listeners=PLAINTEXT://127.0.0.1:")
                .append(node.port())
                .append(",CONTROLLER://127.0.0.1:")
                .append(node.controllerPort())
                .append(extra)
                .append('\n');
        p.append("advertised.listeners=PLAINTEXT://127.0.0.1:")
                .append(node.port())
                .append(extra)
                .append('\n');
        p.append("controller.listener.names=CONTROLLER\n");
        p.append("inter.broker.listener.name=PLAINTEXT\n");
        p.append("listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT")
                .append(sasl.isPresent() ? ",SASL_PLAINTEXT:SASL_PLAINTEXT" : "")
                .append('\n');
        sasl.ifPresent(l -> p.append(l.serverProperties()));
        p.append("log.dirs=").append(node.dataDir().toAbsolutePath()).append('\n');
        p.append("auto.create.topics.enable=false\n");
        p.append("num.partitions=1\n");
        p.append("default.replication.factor=").append(replication).append('\n');
        p.append("min.insync.replicas=").append(minIsr).append('\n');
        p.append("offsets.topic.replication.factor=").append(replication).append('\n');
        p.append("offsets.topic.num.partitions=")
                .append(all.size() == 1 ? 10 : 25)
                .append('\n');
        p.append("transaction.state.log.replication.factor=")
                .append(replication)
                .append('\n');
        p.append("transaction.state.log.min.isr=").append(minIsr).append('\n');
        p.append("share.coordinator.state.topic.replication.factor=")
                .append(replication)
                .append('\n');
        p.append("share.coordinator.state.topic.min.isr=").append(minIsr).append('\n');
        p.append("group.initial.rebalance.delay.ms=0\n");
        // lets test nodes ask for short consumer sessions, so a killed node's partitions move within seconds
        p.append("group.min.session.timeout.ms=2000\n");
        p.append("delete.topic.enable=true\n");
        return p.toString();
    }

    static String voters(List<KafkaNodeSpec> all) {
        return all.stream()
                .map(n -> n.nodeId() + "@127.0.0.1:" + n.controllerPort())
                .collect(Collectors.joining(","));
    }

    static String log4j2(Path logFile) {
        return """
                status = warn
                appender.file.type = File
                appender.file.name = FILE
                appender.file.fileName = %s
                appender.file.layout.type = PatternLayout
                appender.file.layout.pattern = [%%d] %%p %%m (%%c)%%n
                rootLogger.level = INFO
                rootLogger.appenderRef.file.ref = FILE
                logger.kafka.name = kafka
                logger.kafka.level = INFO
                logger.state.name = state.change.logger
                logger.state.level = WARN
                """.formatted(logFile.toAbsolutePath());
    }
}
