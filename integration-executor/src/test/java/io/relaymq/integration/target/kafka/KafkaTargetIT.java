package io.relaymq.integration.target.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relaymq.common.message.MessageProperties;
import io.relaymq.common.message.PublishedMessage;
import io.relaymq.common.message.UserProperty;
import io.relaymq.integration.model.IntegrationType;
import io.relaymq.integration.target.DeliveryException;
import io.relaymq.integration.target.MessageJson;
import io.relaymq.integration.target.Target;
import io.relaymq.integration.target.config.Definitions;
import io.relaymq.integration.target.config.Json;
import io.relaymq.integration.target.config.Messages;
import io.relaymq.localinfra.kafka.KafkaCluster;
import io.relaymq.localinfra.process.Ports;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** The Kafka target against a second Kafka cluster of its own, started on free loopback ports. */
class KafkaTargetIT {

    private static final String PLAIN_USER = "alice";
    private static final String SCRAM_USER = "bob";
    /** Quotes, a backslash and a comment opener: what a JAAS line built by string pasting would break on. */
    private static final String PASSWORD = "p\"w\\ é // x\" required;";

    private static final KafkaTargetFactory FACTORY = new KafkaTargetFactory(new MessageJson(Json.mapper()));
    private static KafkaCluster cluster;

    @BeforeAll
    static void startCluster() throws Exception {
        Path work = Path.of(System.getProperty("relaymq.test.work", "target/local-stack"));
        cluster = KafkaCluster.singleNodeWithSasl(
                work.resolve("kafka-target-it-" + ProcessHandle.current().pid()), Map.of(PLAIN_USER, PASSWORD));
        cluster.start();
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
        try (Admin admin = Admin.create(p)) {
            admin.createTopics(List.of(
                            new NewTopic("it.plain", 1, (short) 1),
                            new NewTopic("it.bytes", 1, (short) 1),
                            new NewTopic("it.hall-3", 1, (short) 1),
                            new NewTopic("it.json", 1, (short) 1),
                            new NewTopic("it.sasl", 1, (short) 1)))
                    .all()
                    .get();
            ScramCredentialInfo sha512 = new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_512, 4096);
            admin.alterUserScramCredentials(List.of(new UserScramCredentialUpsertion(SCRAM_USER, sha512, PASSWORD)))
                    .all()
                    .get();
            Awaitility.await()
                    .atMost(Duration.ofSeconds(30))
                    .until(() -> admin.describeUserScramCredentials(List.of(SCRAM_USER))
                            .all()
                            .get()
                            .containsKey(SCRAM_USER));
        }
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.stop();
        }
    }

    private static ObjectNode config(String topic) {
        return ((ObjectNode) Json.of("{}"))
                .put("bootstrapServers", cluster.bootstrapServers())
                .put("topic", topic);
    }

    private static Target open(ObjectNode configuration) throws DeliveryException {
        assertThat(FACTORY.validate(configuration)).isEmpty();
        return FACTORY.open(Definitions.of(IntegrationType.KAFKA, configuration));
    }

    private static List<ConsumerRecord<byte[], byte[]>> consume(String topic, int count) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
        p.put(ConsumerConfig.GROUP_ID_CONFIG, "it-" + UUID.randomUUID());
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(p)) {
            consumer.subscribe(List.of(topic));
            Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(records::add);
                return records.size() >= count;
            });
        }
        return records;
    }

    private static String text(byte[] bytes) {
        return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
    }

    @Test
    void recordsArriveInOrderWithTheRenderedTopicAndKey() throws Exception {
        try (Target target = open(config("it.${topicLevel.1}").put("key", "${clientId}/${qos}"))) {
            for (int i = 0; i < 50; i++) {
                target.send(Messages.plain("site/hall-3/temp", "dev-" + (i % 3), "reading-" + i));
            }
        }

        List<ConsumerRecord<byte[], byte[]>> records = consume("it.hall-3", 50);

        assertThat(records).hasSize(50);
        for (int i = 0; i < 50; i++) {
            assertThat(text(records.get(i).value())).isEqualTo("reading-" + i);
            assertThat(text(records.get(i).key())).isEqualTo("dev-" + (i % 3) + "/1");
        }
    }

    @Test
    void jsonValueStaticHeadersAndForwardedUserPropertiesArrive() throws Exception {
        ObjectNode c = config("it.json").put("value", "JSON").put("key", "").put("forwardUserProperties", true);
        c.putObject("headers").put("source", "relaymq");
        MessageProperties properties = new MessageProperties(
                null, null, "application/json", null, null, List.of(new UserProperty("trace", "t-9")));
        byte[] payload = {(byte) 0xff, 0x00, 0x10};
        PublishedMessage m = new PublishedMessage("a/b", 1, false, payload, "dev-1", 1_000L, properties);
        try (Target target = open(c)) {
            target.send(Messages.routed(m));
        }

        ConsumerRecord<byte[], byte[]> record = consume("it.json", 1).get(0);

        assertThat(record.key()).isNull();
        JsonNode json = Json.mapper().readTree(record.value());
        assertThat(json.get("topic").asString()).isEqualTo("a/b");
        assertThat(json.get("payloadEncoding").asString()).isEqualTo("base64");
        assertThat(json.get("payload").asString()).isEqualTo("/wAQ");
        assertThat(json.get("contentType").asString()).isEqualTo("application/json");
        List<Map.Entry<String, String>> headers = new ArrayList<>();
        for (Header h : record.headers()) {
            headers.add(Map.entry(h.key(), text(h.value())));
        }
        assertThat(headers).containsExactly(Map.entry("source", "relaymq"), Map.entry("trace", "t-9"));
    }

    @Test
    void payloadValueIsTheBytesAsTheyAre() throws Exception {
        byte[] payload = {1, 2, 3, (byte) 0xfe};
        PublishedMessage m = new PublishedMessage("p", 0, false, payload, "dev-2", 1_000L, null);
        try (Target target = open(config("it.bytes"))) {
            target.send(Messages.routed(m));
        }

        ConsumerRecord<byte[], byte[]> record = consume("it.bytes", 1).get(0);

        assertThat(record.value()).isEqualTo(payload);
        assertThat(text(record.key())).isEqualTo("dev-2");
        assertThat(record.headers().toArray()).isEmpty();
    }

    @Test
    void anUnreachableClusterFailsRetryableWithinTheTimeout() throws Exception {
        int nobody = Ports.free();
        ObjectNode c = config("it.plain")
                .put("bootstrapServers", "127.0.0.1:" + nobody)
                .put("requestTimeoutMs", 2000);
        try (Target target = open(c)) {
            long start = System.nanoTime();

            assertThatThrownBy(() -> target.send(Messages.plain("a", "dev", "x")))
                    .isInstanceOfSatisfying(
                            DeliveryException.class,
                            e -> assertThat(e.retryable()).isTrue());

            assertThat(Duration.ofNanos(System.nanoTime() - start))
                    .isBetween(Duration.ofMillis(1500), Duration.ofMillis(4000));
        }
    }

    @Test
    void aBootstrapHostThatDoesNotResolveFailsTheSendRetryable() throws Exception {
        ObjectNode c = config("it.plain")
                .put("bootstrapServers", "no-such-host.invalid:9092")
                .put("requestTimeoutMs", 1000);
        try (Target target = open(c)) {
            assertThatThrownBy(() -> target.send(Messages.plain("a", "dev", "x")))
                    .isInstanceOfSatisfying(
                            DeliveryException.class,
                            e -> assertThat(e.retryable()).isTrue());
        }
    }

    @Test
    void aTopicMissingOnTheClusterFailsRetryableWithinTheTimeout() throws Exception {
        try (Target target = open(config("it.absent").put("requestTimeoutMs", 1500))) {
            long start = System.nanoTime();

            assertThatThrownBy(() -> target.send(Messages.plain("a", "dev", "x")))
                    .isInstanceOfSatisfying(
                            DeliveryException.class,
                            e -> assertThat(e.retryable()).isTrue());

            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(3500));
        }
    }

    @Test
    void anIllegalRenderedTopicFailsNotRetryableAndTheNextMessageStillGoes() throws Exception {
        try (Target target = open(config("it.${topicLevel.0}"))) {
            assertThatThrownBy(() -> target.send(Messages.plain("bad name/x", "dev", "lost")))
                    .isInstanceOfSatisfying(
                            DeliveryException.class,
                            e -> assertThat(e.retryable()).isFalse())
                    .hasMessageContaining("it.bad name");

            target.send(Messages.plain("plain/x", "dev", "after"));
        }

        assertThat(consume("it.plain", 1)).extracting(r -> text(r.value())).contains("after");
    }

    private static ObjectNode saslConfig(String mechanism, String user, String password) {
        ObjectNode c = config("it.sasl")
                .put("bootstrapServers", cluster.saslListener().orElseThrow().bootstrap())
                .put("securityProtocol", "SASL_PLAINTEXT")
                .put("requestTimeoutMs", 5000);
        c.putObject("sasl").put("mechanism", mechanism).put("username", user).put("password", password);
        return c;
    }

    @Test
    void plainAndScramAuthenticateWithAPasswordFullOfJaasSyntax() throws Exception {
        try (Target plain = open(saslConfig("PLAIN", PLAIN_USER, PASSWORD));
                Target scram = open(saslConfig("SCRAM-SHA-512", SCRAM_USER, PASSWORD))) {
            plain.send(Messages.plain("s", "via-plain", "1"));
            scram.send(Messages.plain("s", "via-scram", "2"));
        }

        assertThat(consume("it.sasl", 2)).extracting(r -> text(r.key())).contains("via-plain", "via-scram");
    }

    @Test
    void aWrongPasswordFailsRetryableNamingTheCredentials() throws Exception {
        try (Target target = open(saslConfig("PLAIN", PLAIN_USER, PASSWORD + "-wrong"))) {
            long start = System.nanoTime();

            assertThatThrownBy(() -> target.send(Messages.plain("s", "dev", "x")))
                    .isInstanceOfSatisfying(
                            DeliveryException.class,
                            e -> assertThat(e.retryable()).isTrue())
                    .hasMessageContaining("credentials or ACLs");

            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(7000));
        }
    }
}
