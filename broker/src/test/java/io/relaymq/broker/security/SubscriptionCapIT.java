package io.relaymq.broker.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.hivemq.client.mqtt.datatypes.MqttQos;
import com.hivemq.client.mqtt.mqtt5.Mqtt5BlockingClient;
import com.hivemq.client.mqtt.mqtt5.Mqtt5Client;
import com.hivemq.client.mqtt.mqtt5.exceptions.Mqtt5SubAckException;
import com.hivemq.client.mqtt.mqtt5.message.subscribe.Mqtt5Subscription;
import com.hivemq.client.mqtt.mqtt5.message.subscribe.suback.Mqtt5SubAckReasonCode;
import io.relaymq.broker.support.Endpoints;
import io.relaymq.broker.support.PahoClients;
import io.relaymq.broker.support.RelayMqNodeTest;
import io.relaymq.broker.transport.MqttServer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Finding 7 (subscriptions) on a running node with its default cap (MQTT_MAX_SUBSCRIPTIONS_PER_CLIENT):
 * a client cannot grow its subscriptions without bound. Before the cap, every filter was granted.
 */
@RelayMqNodeTest
class SubscriptionCapIT {

    /** The default of MQTT_MAX_SUBSCRIPTIONS_PER_CLIENT, which the shared test node runs with. */
    private static final int CAP = 1000;

    private static final int PER_SUBSCRIBE = 100;

    @Autowired
    MqttServer server;

    private final PahoClients paho = new PahoClients();
    private final List<Mqtt5BlockingClient> v5 = new ArrayList<>();

    @AfterEach
    void close() {
        paho.closeAll();
        v5.forEach(c -> {
            if (c.getState().isConnected()) {
                c.disconnect();
            }
        });
    }

    private static List<Mqtt5SubAckReasonCode> subscribe(Mqtt5BlockingClient client, List<String> filters) {
        List<Mqtt5Subscription> subscriptions = filters.stream()
                .map(f -> Mqtt5Subscription.builder()
                        .topicFilter(f)
                        .qos(MqttQos.AT_LEAST_ONCE)
                        .build())
                .toList();
        try {
            return client.subscribeWith().addSubscriptions(subscriptions).send().getReasonCodes();
        } catch (Mqtt5SubAckException e) {
            return e.getMqttMessage().getReasonCodes();
        }
    }

    private static List<String> filters(String prefix, int from, int to) {
        List<String> filters = new ArrayList<>();
        for (int i = from; i < to; i++) {
            filters.add(prefix + i);
        }
        return filters;
    }

    @Test
    void aV5ClientGetsQuotaExceededBeyondTheCapButMayResubscribe() {
        String prefix = "subcap/" + UUID.randomUUID() + "/";
        Mqtt5BlockingClient client = Mqtt5Client.builder()
                .identifier("subcap-" + UUID.randomUUID())
                .serverHost("127.0.0.1")
                .serverPort(Endpoints.tcpPort(server))
                .buildBlocking();
        v5.add(client);
        client.connectWith().cleanStart(true).send();
        for (int from = 0; from < CAP; from += PER_SUBSCRIBE) {
            assertThat(subscribe(client, filters(prefix, from, from + PER_SUBSCRIBE)))
                    .containsOnly(Mqtt5SubAckReasonCode.GRANTED_QOS_1);
        }

        assertThat(subscribe(client, List.of(prefix + CAP, prefix + 0)))
                .containsExactly(Mqtt5SubAckReasonCode.QUOTA_EXCEEDED, Mqtt5SubAckReasonCode.GRANTED_QOS_1);

        client.unsubscribeWith().topicFilter(prefix + 1).send();
        assertThat(subscribe(client, List.of(prefix + CAP))).containsExactly(Mqtt5SubAckReasonCode.GRANTED_QOS_1);
    }

    @Test
    void aV311ClientGetsFailureBeyondTheCap() throws Exception {
        String prefix = "subcap311/" + UUID.randomUUID() + "/";
        MqttClient client = paho.add(
                new MqttClient(Endpoints.tcp(server), "subcap311-" + UUID.randomUUID(), new MemoryPersistence()));
        client.connect();
        for (int from = 0; from < CAP; from += PER_SUBSCRIBE) {
            String[] batch = filters(prefix, from, from + PER_SUBSCRIBE).toArray(String[]::new);
            int[] qos = new int[batch.length];
            Arrays.fill(qos, 1);
            assertThat(client.subscribeWithResponse(batch, qos).getGrantedQos()).containsOnly(1);
        }

        assertThat(grantedQos(client, prefix + CAP)).isEqualTo(0x80);
    }

    /** The SUBACK return code of one filter; Paho turns a lone 0x80 into an exception with that code. */
    private static int grantedQos(MqttClient client, String filter) throws MqttException {
        try {
            return client.subscribeWithResponse(new String[] {filter}, new int[] {1})
                    .getGrantedQos()[0];
        } catch (MqttException e) {
            if (e.getReasonCode() == MqttException.REASON_CODE_SUBSCRIBE_FAILED) {
                return 0x80;
            }
            throw e;
        }
    }
}
