package io.relaymq.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Helm chart and the compose file, checked without a cluster or Docker engine by
 * {@code k8s/checks/validate.sh} (helm lint and template for default, EKS and dev values, strict
 * Kubernetes schemas, docker-compose config). The first run installs the tools (a few minutes).
 */
class DeploymentManifestsIT {

    private static final Path ROOT =
            Path.of(System.getProperty("relaymq.root", "..")).toAbsolutePath().normalize();
    private static final Path OUT = Path.of("target", "deployment-checks").toAbsolutePath();
    private static int exitCode;
    private static String output;

    @BeforeAll
    static void validate() throws IOException, InterruptedException {
        Files.createDirectories(OUT);
        Path log = OUT.resolve("validate.log");
        Process process = new ProcessBuilder(
                        "bash", ROOT.resolve("k8s/checks/validate.sh").toString(), OUT.toString())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        if (!process.waitFor(20, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new IllegalStateException("deployment checks did not finish in 20 minutes; see " + log);
        }
        exitCode = process.exitValue();
        output = Files.readString(log);
    }

    @Test
    void everyCheckPasses() {
        assertThat(exitCode).as(output).isZero();
        assertThat(output).contains("all deployment checks passed");
    }

    @Test
    void theNodeIdIsThePodNameAndProbesUseTheHealthGroups() throws IOException {
        String rendered = Files.readString(OUT.resolve("default.yaml"));
        assertThat(rendered)
                .contains("kind: StatefulSet")
                .contains("fieldPath: metadata.name")
                .contains("path: /actuator/health/readiness")
                .contains("path: /actuator/health/liveness")
                .contains("kind: PodDisruptionBudget")
                .contains("clusterIP: None");
    }

    @Test
    void everyTopicRelayMqCreatesIsReplicatedAndHasItsMinInsyncReplicas() throws IOException {
        String rendered = Files.readString(OUT.resolve("default.yaml"));
        assertThat(rendered)
                .containsPattern("name: MQTT_PERSISTENT_SESSION_APP_TOPIC_REPLICATION_FACTOR, value: ['\"]3['\"]")
                .containsPattern("name: RELAYMQ_KAFKA_MIN_INSYNC_REPLICAS, value: ['\"]0['\"]");
        assertThat(Files.readString(OUT.resolve("dev.yaml")))
                .containsPattern("name: MQTT_PERSISTENT_SESSION_APP_TOPIC_REPLICATION_FACTOR, value: ['\"]1['\"]");
    }

    @Test
    void eksValuesPutMqttBehindAnNlbWithProxyProtocol() throws IOException {
        String rendered = Files.readString(OUT.resolve("eks.yaml"));
        assertThat(rendered)
                .contains("service.beta.kubernetes.io/aws-load-balancer-type: external")
                .containsPattern("service.beta.kubernetes.io/aws-load-balancer-proxy-protocol: ['\"]\\*['\"]")
                .contains("name: MQTT_PROXY_PROTOCOL_ENABLED")
                .contains("name: relaymq-db");
    }

    @Test
    void devValuesBringTheirOwnKafkaValkeyAndPostgres() throws IOException {
        String rendered = Files.readString(OUT.resolve("dev.yaml"));
        assertThat(rendered)
                .contains("name: relaymq-kafka")
                .contains("name: relaymq-valkey-form-cluster")
                .contains("name: relaymq-postgres")
                .contains("relaymq-valkey-5.relaymq-valkey:6379");
    }
}
