package io.relaymq.integration.target.mqtt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relaymq.common.message.PublishedMessage;
import io.relaymq.integration.model.IntegrationType;
import io.relaymq.integration.target.DeliveryException;
import io.relaymq.integration.target.Target;
import io.relaymq.integration.target.config.Definitions;
import io.relaymq.integration.target.config.Json;
import io.relaymq.integration.target.config.Messages;
import io.relaymq.integration.target.config.Pem;
import io.relaymq.integration.target.mqtt.MqttBridgeSettings.Tls;
import io.relaymq.integration.target.mqtt.Subscriber.Received;
import io.relaymq.localinfra.mosquitto.MosquittoBinary;
import io.relaymq.localinfra.mosquitto.MosquittoConfig;
import io.relaymq.localinfra.mosquitto.MosquittoServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

/** The MQTT bridge over TLS to Mosquitto, whose certificate names 127.0.0.1 only. */
class MqttBridgeTlsIT {

    private static final MqttBridgeTargetFactory FACTORY = new MqttBridgeTargetFactory();

    private static MosquittoServer mosquitto;
    private static TestCertificates certificates;

    @BeforeAll
    static void startMosquitto() throws Exception {
        Path work = Path.of(System.getProperty("relaymq.test.work", "target/local-stack"))
                .resolve("mosquitto-tls-it-" + ProcessHandle.current().pid());
        certificates = TestCertificates.create(work.resolve("pki"));
        mosquitto = MosquittoServer.start(
                MosquittoBinary.resolve(),
                work.resolve("tls"),
                MosquittoConfig.anonymous().withTls(certificates.certificate(), certificates.privateKey()));
    }

    @AfterAll
    static void stopMosquitto() {
        if (mosquitto != null) {
            mosquitto.close();
        }
    }

    private static ObjectNode config(String host, boolean withCa, boolean verifyHostname) {
        ObjectNode c = ((ObjectNode) Json.of("{'topic': 'tls/${topic}', 'connectTimeoutMs': 3000}"))
                .put("host", host)
                .put("port", mosquitto.port());
        ObjectNode tls = c.putObject("tls").put("enabled", true).put("verifyHostname", verifyHostname);
        if (withCa) {
            tls.put("caCertificatePem", Pem.encodeCertificates(List.of(certificates.ca())));
        }
        return c;
    }

    private static Target target(ObjectNode configuration) throws DeliveryException {
        assertThat(FACTORY.validate(configuration)).isEmpty();
        return FACTORY.open(Definitions.of(IntegrationType.MQTT, configuration));
    }

    private static PublishedMessage message(String topic) {
        return new PublishedMessage(topic, 1, false, topic.getBytes(StandardCharsets.UTF_8), "c", 0L, null);
    }

    private static Subscriber subscriber() throws Exception {
        var tls = MqttTls.socketFactory(new Tls(true, List.of(certificates.ca()), true))
                .orElseThrow();
        return new Subscriber(mosquitto.uri(), "tls/#", null, null, tls);
    }

    @Test
    void deliversOverTlsWhenTheCertificateIsTrustedAndNamesTheHost() throws Exception {
        try (Subscriber sub = subscriber();
                Target target = target(config("127.0.0.1", true, true))) {
            target.send(Messages.routed(message("verified")));

            assertThat(sub.await(1)).extracting(Received::topic).containsExactly("tls/verified");
        }
    }

    @Test
    void aCertificateForAnotherHostIsRefusedUnlessVerificationIsOff() throws Exception {
        try (Target target = target(config("localhost", true, true))) {
            assertThatThrownBy(() -> target.send(Messages.routed(message("wrong-name"))))
                    .isInstanceOfSatisfying(
                            DeliveryException.class,
                            e -> assertThat(e.retryable()).isTrue())
                    .hasMessageContaining("ssl://localhost:" + mosquitto.port());
        }
        try (Subscriber sub = subscriber();
                Target target = target(config("localhost", true, false))) {
            target.send(Messages.routed(message("unverified")));

            assertThat(sub.await(1)).extracting(Received::topic).containsExactly("tls/unverified");
        }
    }

    @Test
    void anUntrustedCertificateIsRefused() throws Exception {
        try (Target target = target(config("127.0.0.1", false, true))) {
            assertThatThrownBy(() -> target.send(Messages.routed(message("untrusted"))))
                    .isInstanceOfSatisfying(
                            DeliveryException.class,
                            e -> assertThat(e.retryable()).isTrue())
                    .hasMessageContaining("could not be reached");
        }
    }
}
