package io.relaymq.integration.target.kafka;

import io.relaymq.integration.target.config.Pem;
import io.relaymq.integration.target.kafka.KafkaSettings.Tls;
import java.util.Properties;
import java.util.UUID;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.SaslConfigs;
import org.apache.kafka.common.config.SslConfigs;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The producer properties of a Kafka target, each from a typed, checked setting; no text of the configuration
 * reaches a property unchecked (PEM is written again from the parsed certificates, the JAAS line is quoted).
 */
final class KafkaProducerProperties {

    private KafkaProducerProperties() {}

    static Properties of(UUID integrationId, KafkaSettings s) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, s.bootstrapServers());
        p.put(ProducerConfig.CLIENT_ID_CONFIG, "relaymq-integration-" + integrationId);
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        p.put(ProducerConfig.ACKS_CONFIG, s.acks());
        boolean idempotent = s.acks().equals("all");
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, Boolean.toString(idempotent));
        // idempotence keeps the order with up to 5 requests in flight; without it only one in flight does
        p.put(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, idempotent ? "5" : "1");
        p.put(ProducerConfig.LINGER_MS_CONFIG, "0");
        p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, Integer.toString(s.requestTimeoutMs()));
        p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, Integer.toString(s.requestTimeoutMs()));
        p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, Integer.toString(s.requestTimeoutMs()));
        p.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, s.compression());
        p.put(CommonClientConfigs.SECURITY_PROTOCOL_CONFIG, s.securityProtocol());
        s.sasl().ifPresent(sasl -> {
            p.put(SaslConfigs.SASL_MECHANISM, sasl.mechanism());
            p.put(SaslConfigs.SASL_JAAS_CONFIG, Jaas.config(sasl));
        });
        s.tls().ifPresent(tls -> putTls(p, tls));
        return p;
    }

    private static void putTls(Properties p, Tls tls) {
        if (!tls.trust().isEmpty()) {
            p.put(SslConfigs.SSL_TRUSTSTORE_TYPE_CONFIG, "PEM");
            p.put(SslConfigs.SSL_TRUSTSTORE_CERTIFICATES_CONFIG, Pem.encodeCertificates(tls.trust()));
        }
        tls.privateKey().ifPresent(key -> {
            p.put(SslConfigs.SSL_KEYSTORE_TYPE_CONFIG, "PEM");
            p.put(SslConfigs.SSL_KEYSTORE_CERTIFICATE_CHAIN_CONFIG, Pem.encodeCertificates(tls.certificate()));
            p.put(SslConfigs.SSL_KEYSTORE_KEY_CONFIG, Pem.encodeKey(key));
        });
    }
}
