package io.relaymq.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;

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

    /**
     * {@code config} and {@code kafka.clientConfig} both set: one {@code relaymq:} key holding both, read with
     * duplicate keys refused as Spring Boot reads the mounted file (two keys made every pod crash-loop).
     */
    @Test
    @SuppressWarnings("unchecked")
    void configAndKafkaClientConfigMergeIntoOneDocumentWithoutDuplicateKeys() throws IOException {
        Map<String, Object> configMap =
                (Map<String, Object>) new Yaml().load(Files.readString(OUT.resolve("configmap-merged.yaml")));
        String applicationYml = ((Map<String, String>) configMap.get("data")).get("application.yml");
        LoaderOptions strict = new LoaderOptions();
        strict.setAllowDuplicateKeys(false);

        Map<String, Object> config = (Map<String, Object>) new Yaml(strict).load(applicationYml);

        Map<String, Object> relaymq = (Map<String, Object>) config.get("relaymq");
        Map<String, Object> kafka = (Map<String, Object>) relaymq.get("kafka");
        assertThat(kafka.get("client-config")).isEqualTo(Map.of("security.protocol", "SSL"));
        assertThat(kafka.get("msg-all")).isEqualTo(Map.of("partitions", 24));
        assertThat(relaymq.get("mqtt")).isEqualTo(Map.of("max-inflight-outbound", 500));
    }

    /** Every pod the chart runs outside the throw-away dev dependencies meets the "restricted" standard. */
    @Test
    void everyBrokerPodMeetsTheRestrictedPodSecurityStandard() throws IOException {
        for (String render : List.of("default.yaml", "eks.yaml", "features.yaml")) {
            List<Map<String, Object>> pods = podSpecs(render);
            assertThat(pods).as(render).isNotEmpty();
            for (Map<String, Object> pod : pods) {
                assertThat(RestrictedPodSecurity.violations(render, pod)).isEmpty();
            }
        }
    }

    /** The check itself: the chart's pod as it was (no seccomp profile, escalation allowed) fails it. */
    @Test
    void theRestrictedCheckRefusesAPodWithoutSeccompOrWithEscalation() throws IOException {
        Map<String, Object> pod = podSpecs("default.yaml").get(0);
        RestrictedPodSecurity.map(pod.get("securityContext")).remove("seccompProfile");
        Map<String, Object> container = RestrictedPodSecurity.map(((List<?>) pod.get("containers")).get(0));
        RestrictedPodSecurity.map(container.get("securityContext")).put("allowPrivilegeEscalation", true);

        assertThat(RestrictedPodSecurity.violations("old", pod))
                .containsExactlyInAnyOrder(
                        "old container relaymq: allowPrivilegeEscalation is not false",
                        "old container relaymq: seccompProfile is not RuntimeDefault or Localhost");
    }

    @Test
    void theBrokerRunsOnAReadOnlyRootWithItsOwnServiceAccountAndExtraEnvironment() throws IOException {
        Map<String, Object> pod = podSpecs("features.yaml").get(0);
        Map<String, Object> container = RestrictedPodSecurity.map(((List<?>) pod.get("containers")).get(0));
        assertThat(RestrictedPodSecurity.map(container.get("securityContext")).get("readOnlyRootFilesystem"))
                .isEqualTo(true);
        assertThat(pod.get("serviceAccountName")).isEqualTo("relaymq");
        assertThat(pod.get("automountServiceAccountToken")).isEqualTo(false);
        String rendered = Files.readString(OUT.resolve("features.yaml"));
        assertThat(rendered)
                .contains("eks.amazonaws.com/role-arn: arn:aws:iam::123456789012:role/relaymq")
                .contains("mountPath: /tmp")
                .containsPattern(
                        "name: MQTT_AUTH_JWT_SECRET\\s+valueFrom:\\s+secretKeyRef:\\s+key: secret\\s+name: relaymq-jwt")
                .containsPattern("envFrom:\\s+- secretRef:\\s+name: relaymq-extra");
    }

    /** values-eks-msk-iam.yaml: the IAM SASL settings in the mounted configuration, the role on the ServiceAccount. */
    @Test
    @SuppressWarnings("unchecked")
    void mskIamValuesConfigureSaslAndGiveThePodsARole() throws IOException {
        Map<String, Object> clientConfig = null;
        Map<String, Object> accountAnnotations = null;
        for (Object document : new Yaml().loadAll(Files.readString(OUT.resolve("eks-msk-iam.yaml")))) {
            Map<String, Object> manifest = RestrictedPodSecurity.map(document);
            Map<String, Object> metadata = RestrictedPodSecurity.map(manifest.get("metadata"));
            if ("ConfigMap".equals(manifest.get("kind")) && "relaymq-config".equals(metadata.get("name"))) {
                String yml = ((Map<String, String>) manifest.get("data")).get("application.yml");
                Map<String, Object> config = RestrictedPodSecurity.map(new Yaml().load(yml));
                clientConfig = RestrictedPodSecurity.map(RestrictedPodSecurity.map(
                                RestrictedPodSecurity.map(config.get("relaymq")).get("kafka"))
                        .get("client-config"));
            }
            if ("ServiceAccount".equals(manifest.get("kind"))) {
                accountAnnotations = RestrictedPodSecurity.map(metadata.get("annotations"));
            }
        }
        assertThat(clientConfig)
                .containsEntry("security.protocol", "SASL_SSL")
                .containsEntry("sasl.mechanism", "AWS_MSK_IAM")
                .containsEntry("sasl.jaas.config", "software.amazon.msk.auth.iam.IAMLoginModule required;")
                .containsEntry(
                        "sasl.client.callback.handler.class", "software.amazon.msk.auth.iam.IAMClientCallbackHandler");
        assertThat(accountAnnotations).containsKey("eks.amazonaws.com/role-arn");
    }

    @Test
    void eksTlsTerminationAtTheNlbSendsPort8883ToThePlainMqttPort() throws IOException {
        String rendered = Files.readString(OUT.resolve("eks-acm.yaml"));
        assertThat(rendered)
                .contains("{name: mqtts, port: 8883, targetPort: mqtt, protocol: TCP}")
                .containsPattern("aws-load-balancer-ssl-ports: ['\"]8883['\"]");
    }

    /** The pod specs of the workloads in one render. */
    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> podSpecs(String render) throws IOException {
        List<Map<String, Object>> pods = new ArrayList<>();
        for (Object document : new Yaml().loadAll(Files.readString(OUT.resolve(render)))) {
            Map<String, Object> manifest = RestrictedPodSecurity.map(document);
            Map<String, Object> spec = RestrictedPodSecurity.map(manifest.get("spec"));
            switch (String.valueOf(manifest.get("kind"))) {
                case "StatefulSet", "Deployment", "DaemonSet", "ReplicaSet", "Job" ->
                    pods.add(RestrictedPodSecurity.map(
                            RestrictedPodSecurity.map(spec.get("template")).get("spec")));
                case "CronJob" -> {
                    Map<String, Object> job = RestrictedPodSecurity.map(spec.get("jobTemplate"));
                    Map<String, Object> template = RestrictedPodSecurity.map(
                            RestrictedPodSecurity.map(job.get("spec")).get("template"));
                    pods.add(RestrictedPodSecurity.map(template.get("spec")));
                }
                case "Pod" -> pods.add(spec);
                default -> {}
            }
        }
        return pods;
    }

    @Test
    void eksValuesPutMqttBehindAnNlbWithProxyProtocol() throws IOException {
        String rendered = Files.readString(OUT.resolve("eks.yaml"));
        assertThat(rendered)
                .contains("service.beta.kubernetes.io/aws-load-balancer-type: external")
                .containsPattern("service.beta.kubernetes.io/aws-load-balancer-proxy-protocol: ['\"]\\*['\"]")
                .contains("name: MQTT_PROXY_PROTOCOL_ENABLED")
                .containsPattern("name: REDIS_TLS_ENABLED, value: ['\"]true['\"]")
                .contains("name: relaymq-db");
    }

    @Test
    void eachRedisConnectionTypeGetsItsSettings() throws IOException {
        assertThat(Files.readString(OUT.resolve("default.yaml")))
                .containsPattern("name: REDIS_CONNECTION_TYPE, value: ['\"]cluster['\"]")
                .containsPattern("name: REDIS_NODES, value: ['\"]redis:6379['\"]")
                .doesNotContain("REDIS_DATABASE")
                .doesNotContain("REDIS_SENTINEL");
        assertThat(Files.readString(OUT.resolve("redis-standalone.yaml")))
                .containsPattern("name: REDIS_CONNECTION_TYPE, value: ['\"]standalone['\"]")
                .containsPattern("name: REDIS_NODES, value: ['\"]redis:6379['\"]")
                .containsPattern("name: REDIS_DATABASE, value: ['\"]2['\"]")
                .containsPattern("name: REDIS_TLS_ENABLED, value: ['\"]true['\"]");
        String sentinel = Files.readString(OUT.resolve("redis-sentinel.yaml"));
        assertThat(sentinel)
                .containsPattern("name: REDIS_CONNECTION_TYPE, value: ['\"]sentinel['\"]")
                .containsPattern("name: REDIS_SENTINEL_NODES, value: ['\"]sentinel-0:26379,sentinel-1:26379['\"]")
                .containsPattern("name: REDIS_SENTINEL_MASTER, value: ['\"]mymaster['\"]")
                .contains("name: REDIS_SENTINEL_PASSWORD")
                .contains("key: redis-sentinel-password")
                .containsPattern("redis-sentinel-password: ['\"]s3cret['\"]")
                .doesNotContain("name: REDIS_NODES");
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
