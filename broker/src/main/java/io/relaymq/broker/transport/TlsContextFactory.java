package io.relaymq.broker.transport;

import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.TrustManagerFactory;

/**
 * Builds the server TLS context of the TLS and WSS listeners from {@link MqttSettings.Tls}. Client
 * certificates, when asked for, are validated by the JDK against the whole configured chain of trust
 * (never by a name match alone).
 */
public final class TlsContextFactory {

    private TlsContextFactory() {
    }

    public static SslContext create(MqttSettings.Tls tls) {
        try {
            SslContextBuilder builder = keyMaterial(tls)
                    .protocols(tls.protocols().toArray(String[]::new))
                    .clientAuth(clientAuth(tls.clientAuth()));
            TrustManagerFactory trust = trust(tls);
            if (trust != null) {
                builder.trustManager(trust);
            } else if (!isBlank(tls.trustCertFile())) {
                builder.trustManager(new File(tls.trustCertFile()));
            } else if (!"none".equals(tls.clientAuth())) {
                throw new IllegalStateException("client-auth " + tls.clientAuth()
                        + " needs trust-cert-file or trust-store-file (LISTENER_SSL_PEM_TRUST_CERT / LISTENER_SSL_TRUST_STORE)");
            }
            return builder.build();
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("cannot set up TLS: " + e.getMessage(), e);
        }
    }

    private static SslContextBuilder keyMaterial(MqttSettings.Tls tls) throws GeneralSecurityException, IOException {
        if (!isBlank(tls.certFile()) && !isBlank(tls.keyFile())) {
            return SslContextBuilder.forServer(new File(tls.certFile()), new File(tls.keyFile()),
                    isBlank(tls.keyPassword()) ? null : tls.keyPassword());
        }
        if (!isBlank(tls.keyStoreFile())) {
            KeyStore store = load(tls.keyStoreFile(), tls.keyStoreType(), tls.keyStorePassword());
            KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keys.init(store, password(tls.keyStorePassword()));
            return SslContextBuilder.forServer(keys);
        }
        throw new IllegalStateException("TLS listener enabled without a server certificate: set cert-file + key-file "
                + "(LISTENER_SSL_PEM_CERT, LISTENER_SSL_PEM_KEY) or key-store-file (LISTENER_SSL_KEY_STORE)");
    }

    private static TrustManagerFactory trust(MqttSettings.Tls tls) throws GeneralSecurityException, IOException {
        if (isBlank(tls.trustStoreFile())) {
            return null;
        }
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(load(tls.trustStoreFile(), tls.trustStoreType(), tls.trustStorePassword()));
        return trust;
    }

    private static KeyStore load(String file, String type, String password) throws GeneralSecurityException, IOException {
        KeyStore store = KeyStore.getInstance(isBlank(type) ? "PKCS12" : type);
        try (InputStream in = Files.newInputStream(Path.of(file))) {
            store.load(in, password(password));
        }
        return store;
    }

    private static ClientAuth clientAuth(String value) {
        return switch (value == null ? "none" : value) {
            case "require" -> ClientAuth.REQUIRE;
            case "optional" -> ClientAuth.OPTIONAL;
            default -> ClientAuth.NONE;
        };
    }

    private static char[] password(String value) {
        return value == null ? new char[0] : value.toCharArray();
    }

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }
}
