package io.relaymq.broker.interop;

import static org.assertj.core.api.Assertions.assertThat;

import com.hivemq.client.mqtt.MqttClient;
import com.hivemq.client.mqtt.MqttGlobalPublishFilter;
import com.hivemq.client.mqtt.datatypes.MqttQos;
import com.hivemq.client.mqtt.mqtt3.Mqtt3BlockingClient;
import com.hivemq.client.mqtt.mqtt5.Mqtt5AsyncClient;
import com.hivemq.client.mqtt.mqtt5.Mqtt5BlockingClient;
import com.hivemq.client.mqtt.mqtt5.message.publish.Mqtt5Publish;
import io.relaymq.broker.support.Endpoints;
import io.relaymq.broker.support.RelayMqNodeTest;
import io.relaymq.broker.transport.MqttServer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.beans.factory.annotation.Autowired;

/** The HiveMQ MQTT client (an independent implementation) over TCP and WebSocket. */
@RelayMqNodeTest
class HiveMqClientInteropIT {

    @Autowired
    MqttServer server;

    private static String unique(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    private Mqtt5BlockingClient v5(String id, boolean webSocket) {
        var builder = MqttClient.builder().useMqttVersion5().identifier(id).serverHost("127.0.0.1");
        if (webSocket) {
            builder = builder.serverPort(Endpoints.wsPort(server))
                    .webSocketConfig()
                    .serverPath("mqtt")
                    .applyWebSocketConfig();
        } else {
            builder = builder.serverPort(Endpoints.tcpPort(server));
        }
        Mqtt5BlockingClient client = builder.buildBlocking();
        client.connect();
        return client;
    }

    @ParameterizedTest
    @EnumSource(MqttQos.class)
    void mqtt5RoundTripOverWebSocket(MqttQos qos) throws Exception {
        String topic = unique("hivemq/ws") + "/data";
        Mqtt5BlockingClient subscriber = v5(unique("ws-sub"), true);
        try (Mqtt5BlockingClient.Mqtt5Publishes publishes = subscriber.publishes(MqttGlobalPublishFilter.ALL)) {
            subscriber.subscribeWith().topicFilter(topic).qos(qos).send();
            Mqtt5BlockingClient publisher = v5(unique("ws-pub"), true);
            publisher
                    .publishWith()
                    .topic(topic)
                    .qos(qos)
                    .payload("over-ws".getBytes(StandardCharsets.UTF_8))
                    .send();
            Mqtt5Publish received = publishes.receive(30, TimeUnit.SECONDS).orElseThrow();
            assertThat(new String(received.getPayloadAsBytes(), StandardCharsets.UTF_8))
                    .isEqualTo("over-ws");
            assertThat(received.getQos()).isEqualTo(qos);
            publisher.disconnect();
        }
        subscriber.disconnect();
    }

    @Test
    void mqtt311ClientOverTcp() throws Exception {
        String topic = unique("hivemq/v3") + "/data";
        Mqtt3BlockingClient subscriber = MqttClient.builder()
                .useMqttVersion3()
                .identifier(unique("v3-sub"))
                .serverHost("127.0.0.1")
                .serverPort(Endpoints.tcpPort(server))
                .buildBlocking();
        subscriber.connect();
        try (var publishes = subscriber.publishes(MqttGlobalPublishFilter.ALL)) {
            subscriber
                    .subscribeWith()
                    .topicFilter(topic)
                    .qos(MqttQos.EXACTLY_ONCE)
                    .send();
            Mqtt3BlockingClient publisher = MqttClient.builder()
                    .useMqttVersion3()
                    .identifier(unique("v3-pub"))
                    .serverHost("127.0.0.1")
                    .serverPort(Endpoints.tcpPort(server))
                    .buildBlocking();
            publisher.connect();
            publisher
                    .publishWith()
                    .topic(topic)
                    .qos(MqttQos.EXACTLY_ONCE)
                    .payload(new byte[] {1, 2, 3})
                    .send();
            assertThat(publishes.receive(30, TimeUnit.SECONDS).orElseThrow().getPayloadAsBytes())
                    .containsExactly(1, 2, 3);
            publisher.disconnect();
        }
        subscriber.disconnect();
    }

    /**
     * A subscriber that allows only 10 messages in flight and acknowledges them one by one gets 1,000
     * QoS 1 messages, every one, in order, once: the rest waits in its session's queue.
     */
    @Test
    void thousandInFlightQos1MessagesToASlowSubscriberAreNeitherLostNorReordered() throws Exception {
        String topic = unique("hivemq/slow") + "/seq";
        Mqtt5AsyncClient slow = MqttClient.builder()
                .useMqttVersion5()
                .identifier(unique("slow"))
                .serverHost("127.0.0.1")
                .serverPort(Endpoints.tcpPort(server))
                .buildAsync();
        slow.connectWith()
                .restrictions()
                .receiveMaximum(10)
                .applyRestrictions()
                .send()
                .get(30, TimeUnit.SECONDS);
        BlockingQueue<Mqtt5Publish> unacked = new LinkedBlockingQueue<>();
        slow.subscribeWith()
                .topicFilter(topic)
                .qos(MqttQos.AT_LEAST_ONCE)
                .callback(unacked::add)
                .manualAcknowledgement(true)
                .send()
                .get(30, TimeUnit.SECONDS);

        Mqtt5BlockingClient publisher = v5(unique("fast-pub"), false);
        for (int i = 0; i < 1000; i++) {
            publisher
                    .publishWith()
                    .topic(topic)
                    .qos(MqttQos.AT_LEAST_ONCE)
                    .payload(Integer.toString(i).getBytes(StandardCharsets.UTF_8))
                    .send();
        }

        List<Integer> sequence = new ArrayList<>();
        while (sequence.size() < 1000) {
            Mqtt5Publish next = unacked.poll(30, TimeUnit.SECONDS);
            assertThat(next).as("message %d", sequence.size()).isNotNull();
            sequence.add(Integer.parseInt(new String(next.getPayloadAsBytes(), StandardCharsets.UTF_8)));
            next.acknowledge();
        }
        List<Integer> expected = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            expected.add(i);
        }
        assertThat(sequence).containsExactlyElementsOf(expected);
        assertThat(unacked.poll(500, TimeUnit.MILLISECONDS)).isNull();
        publisher.disconnect();
        slow.disconnect().get(10, TimeUnit.SECONDS);
    }
}
