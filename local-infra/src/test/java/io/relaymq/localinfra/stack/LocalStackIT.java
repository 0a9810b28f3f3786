package io.relaymq.localinfra.stack;

import static org.assertj.core.api.Assertions.assertThat;

import io.lettuce.core.RedisURI;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.relaymq.localinfra.junit.LocalStackExtension;
import io.relaymq.localinfra.redis.RedisNodeSpec;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Each server of the stack is real: Kafka stores and serves records, Redis runs a cluster, SQL answers. */
@ExtendWith(LocalStackExtension.class)
class LocalStackIT {

    @Test
    void kafkaRecordIsProducedAndConsumed(StackEndpoints stack) throws Exception {
        String topic = "it-" + UUID.randomUUID();
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", stack.kafkaBootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(topic, 3, (short) 1))).all().get(30, TimeUnit.SECONDS);
        }
        RecordMetadata written;
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(
                Map.of("bootstrap.servers", stack.kafkaBootstrapServers(), "acks", "all"),
                new StringSerializer(),
                new StringSerializer())) {
            written = producer.send(new ProducerRecord<>(topic, "sensors/1", "21.5"))
                    .get(30, TimeUnit.SECONDS);
        }
        List<ConsumerRecord<String, String>> received = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(
                Map.of(
                        "bootstrap.servers",
                        stack.kafkaBootstrapServers(),
                        "group.id",
                        "it-" + topic,
                        "auto.offset.reset",
                        "earliest"),
                new StringDeserializer(),
                new StringDeserializer())) {
            consumer.subscribe(List.of(topic));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (received.isEmpty() && System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(500)).forEach(received::add);
            }
        }
        assertThat(received).singleElement().satisfies(r -> {
            assertThat(r.key()).isEqualTo("sensors/1");
            assertThat(r.value()).isEqualTo("21.5");
            assertThat(r.partition()).isEqualTo(written.partition());
            assertThat(r.offset()).isEqualTo(written.offset());
        });
    }

    @Test
    void redisRunsAsAClusterWithEverySlotCovered(LocalStack stack) {
        for (RedisNodeSpec node : stack.redis().orElseThrow().nodes()) {
            assertThat(stack.redis().orElseThrow().clusterInfoField(node, "cluster_state"))
                    .isEqualTo("ok");
            assertThat(stack.redis().orElseThrow().clusterInfoField(node, "cluster_slots_assigned"))
                    .isEqualTo("16384");
        }
        RedisClusterClient client = RedisClusterClient.create(
                Arrays.stream(stack.endpoints().redisNodes().split(","))
                        .map(a -> RedisURI.create("redis://" + a))
                        .toList());
        try (StatefulRedisClusterConnection<String, String> connection = client.connect()) {
            for (int i = 0; i < 50; i++) {
                connection.sync().set("it:key:" + i, "v" + i);
            }
            for (int i = 0; i < 50; i++) {
                assertThat(connection.sync().get("it:key:" + i)).isEqualTo("v" + i);
            }
            assertThat(connection.getPartitions().size()).isEqualTo(3);
        } finally {
            client.shutdown();
        }
    }

    @Test
    void postgresKeepsWhatTheBrokerUserWrites(StackEndpoints stack) throws Exception {
        try (Connection c = DriverManager.getConnection(stack.jdbcUrl(), stack.jdbcUser(), stack.jdbcPassword())) {
            try (Statement s = c.createStatement()) {
                s.execute("create table if not exists it_round_trip (id int primary key, name text not null)");
                s.execute("delete from it_round_trip");
            }
            try (PreparedStatement ps = c.prepareStatement("insert into it_round_trip values (?, ?)")) {
                ps.setInt(1, 7);
                ps.setString(2, "device-7");
                assertThat(ps.executeUpdate()).isEqualTo(1);
            }
            try (Statement s = c.createStatement();
                    ResultSet rs =
                            s.executeQuery("select name, current_user, version() from it_round_trip where id = 7")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo("device-7");
                assertThat(rs.getString(2)).isEqualTo(stack.jdbcUser());
                assertThat(rs.getString(3)).startsWith("PostgreSQL");
            }
        }
    }
}
