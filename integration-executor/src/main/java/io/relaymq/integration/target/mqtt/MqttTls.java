package io.relaymq.integration.target.mqtt;

import io.relaymq.integration.target.config.Pem;
import io.relaymq.integration.target.mqtt.MqttBridgeSettings.Tls;
import java.security.GeneralSecurityException;
import java.util.Optional;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;

/** The TLS socket factory of a bridge: the configured CA certificates, or the JVM's default trust. */
final class MqttTls {

    private MqttTls() {}

    /** Empty when TLS is off. */
    static Optional<SSLSocketFactory> socketFactory(Tls tls) throws GeneralSecurityException {
        if (!tls.enabled()) {
            return Optional.empty();
        }
        TrustManager[] trust = null;
        if (!tls.trust().isEmpty()) {
            TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init(Pem.trustStore(tls.trust()));
            trust = factory.getTrustManagers();
        }
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, trust, null);
        return Optional.of(context.getSocketFactory());
    }
}
