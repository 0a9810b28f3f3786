package io.relaymq.perf.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LoadClientTest {

    private TestBroker broker;
    private Connector connector;

    @BeforeEach
    void start() throws Exception {
        broker = new TestBroker(0);
        connector = new Connector(1, false);
    }

    @AfterEach
    void stop() {
        connector.close();
        broker.close();
    }

    private ClientOptions options(String clientId, boolean mqtt5) {
        return new ClientOptions(
                broker.address(),
                SourceAddresses.parse("127.0.0.1").next(),
                mqtt5,
                clientId,
                false,
                60,
                30,
                "user",
                "secret");
    }

    @ParameterizedTest(name = "MQTT 5 = {0}, QoS {1}")
    @CsvSource({"false,0", "false,1", "false,2", "true,0", "true,1", "true,2"})
    void publishedMessagesArriveAndAcknowledgementsCompleteTheFutures(boolean mqtt5, int qos) throws Exception {
        LoadClient subscriber = connector.connect(options("sub", mqtt5)).get(10, TimeUnit.SECONDS);
        List<String> received = new CopyOnWriteArrayList<>();
        subscriber.onMessage(
                (topic, payload, q) -> received.add(topic + "=" + payload.toString(StandardCharsets.UTF_8) + "@" + q));
        assertThat(subscriber.subscribe("a/+/c", qos).get(10, TimeUnit.SECONDS)).containsExactly(qos);
        LoadClient publisher = connector.connect(options("pub", mqtt5)).get(10, TimeUnit.SECONDS);

        for (int i = 0; i < 100; i++) {
            publisher
                    .publish("a/" + i + "/c", qos, ("m" + i).getBytes(StandardCharsets.UTF_8))
                    .get(10, TimeUnit.SECONDS);
        }
        publisher
                .publish("a/b/other", qos, "x".getBytes(StandardCharsets.UTF_8))
                .get(10, TimeUnit.SECONDS);

        // a QoS 0 publish completes once written, so the broker may still be reading the last one
        await().atMost(Duration.ofSeconds(10)).until(() -> received.size() >= 100 && broker.published() >= 101);
        assertThat(received).hasSize(100).first().isEqualTo("a/0/c=m0@" + qos);
        assertThat(received).last().isEqualTo("a/99/c=m99@" + qos);
        assertThat(broker.published()).isEqualTo(101);
        subscriber.disconnect().get(10, TimeUnit.SECONDS);
        assertThat(subscriber.isActive()).isFalse();
    }

    @Test
    void aRefusedConnectFailsWithTheReturnCode() {
        assertThatThrownBy(() -> connector.connect(options("refuse-me", false)).get(10, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .hasMessageContaining("CONNACK refused: 0x05");
        assertThatThrownBy(() -> connector.connect(options("refuse-me", true)).get(10, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .hasMessageContaining("CONNACK refused: 0x87");
    }

    @Test
    void publishesInFlightFailWhenTheConnectionCloses() throws Exception {
        LoadClient client = connector.connect(options("closing", false)).get(10, TimeUnit.SECONDS);
        client.disconnect().get(10, TimeUnit.SECONDS);

        assertThatThrownBy(() -> client.publish("t", 1, new byte[16]).get(10, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class);
    }

    @Test
    void theConnectCarriesPersistentSessionFields() {
        var v5 = Connector.connectMessage(options("p", true));
        assertThat(v5.variableHeader().isCleanSession()).isFalse();
        assertThat(v5.variableHeader().properties().getProperty(0x11).value()).isEqualTo(60);
        assertThat(v5.payload().userName()).isEqualTo("user");
        var v3 = Connector.connectMessage(options("p", false));
        assertThat(v3.variableHeader().version()).isEqualTo(4);
        assertThat(v3.variableHeader().properties().isEmpty()).isTrue();
    }

    @Test
    void topicMatchingOfTheTestBroker() {
        assertThat(TestBroker.matches("europe/ua/kyiv/7/+", "europe/ua/kyiv/7/temperature"))
                .isTrue();
        assertThat(TestBroker.matches("europe/ua/kyiv/7/+", "europe/ua/kyiv/17/temperature"))
                .isFalse();
        assertThat(TestBroker.matches("a/#", "a/b/c")).isTrue();
    }
}
