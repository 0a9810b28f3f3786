package io.relaymq.broker.transport;

import io.relaymq.broker.auth.ClientCertificateValidator;
import io.relaymq.broker.auth.provider.X509AuthProvider;
import io.relaymq.broker.mqtt.MqttSettings;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.util.List;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Wires the CONNECT-time validation of client certificates against the TLS listeners' trust anchors. */
@Configuration(proxyBeanMethods = false)
class ClientCertificateConfiguration {

    @Bean
    ClientCertificateValidator clientCertificateValidator(
            MqttSettings settings, TlsRevocationProperties revocation, X509AuthProvider x509, Clock clock) {
        MqttSettings.Listeners listeners = settings.listeners();
        List<X509Certificate> trusted =
                listeners.tls().enabled() || listeners.wss().enabled()
                        ? TlsContextFactory.trustedCertificates(settings.tls())
                        : List.of();
        return new PkixClientCertificateValidator(trusted, x509::skipValidity, new RevocationCheck(revocation, clock));
    }
}
