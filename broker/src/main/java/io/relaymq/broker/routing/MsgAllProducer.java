package io.relaymq.broker.routing;

import io.relaymq.broker.kafka.KafkaClients;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.broker.kafka.TopicProvisioner;
import io.relaymq.broker.publish.MessageSink;
import io.relaymq.common.message.PublishedMessage;
import io.relaymq.common.message.PublishedMessageCodec;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * Produces every inbound PUBLISH to {@code relaymq.msg.all}, keyed by MQTT topic so that messages of
 * one topic stay in order. The returned future completes when Kafka has acknowledged the write (per
 * the configured acks), which is when QoS 1/2 publishers get their PUBACK/PUBREC.
 */
@Component
public class MsgAllProducer implements MessageSink, DisposableBean {

    private final Producer<byte[], byte[]> producer;
    private final String topic;
    private final Duration deliveryTimeout;

    public MsgAllProducer(KafkaProperties kafka, KafkaClients clients, TopicProvisioner topics) {
        KafkaProperties.MsgAll msgAll = kafka.msgAll();
        topics.ensure(msgAll.topic(), msgAll.partitions(), msgAll.replicationFactor(), msgAll.retention());
        this.topic = msgAll.topic();
        // send() runs on a connection's event loop: never let a Kafka outage block it for long
        this.producer = clients.producer(new KafkaClients.ProducerSpec(
                "msg-all", msgAll.acks(), msgAll.linger().toMillis(), msgAll.batchSize(), Duration.ofSeconds(2)));
        this.deliveryTimeout = clients.deliveryTimeout();
    }

    /** How long after a send its record may still be written (the producer retries until then). */
    public Duration deliveryTimeout() {
        return deliveryTimeout;
    }

    @Override
    public CompletableFuture<Void> send(PublishedMessage message) {
        return send(message, 0);
    }

    /** {@code qos2Token} other than 0 goes with the record as header {@link MsgAllReceipts#TOKEN_HEADER}. */
    @Override
    public CompletableFuture<Void> send(PublishedMessage message, long qos2Token) {
        CompletableFuture<Void> acked = new CompletableFuture<>();
        ProducerRecord<byte[], byte[]> record = new ProducerRecord<>(
                topic, message.topic().getBytes(StandardCharsets.UTF_8), PublishedMessageCodec.encode(message));
        if (qos2Token != 0) {
            record.headers().add(MsgAllReceipts.TOKEN_HEADER, MsgAllReceipts.encode(qos2Token));
        }
        try {
            producer.send(record, (metadata, error) -> {
                if (error == null) {
                    acked.complete(null);
                } else {
                    acked.completeExceptionally(error);
                }
            });
        } catch (RuntimeException e) {
            acked.completeExceptionally(e);
        }
        return acked;
    }

    @Override
    public void destroy() {
        producer.close(Duration.ofSeconds(10));
    }
}
