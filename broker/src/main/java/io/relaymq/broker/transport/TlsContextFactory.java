package io.relaymq.broker.transport;

import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.relaymq.broker.mqtt.MqttSettings;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.BooleanSupplier;
import javax.net.ssl.KeyManagerFactory;

/**
 * Builds the server TLS context of the TLS and WSS listeners from {@link MqttSettings.Tls}. Client
 * certificates, when asked for, are validated by {@link ClientCertificateTrust} against the whole configured
 * chain of trust (never by a name match alone).
 */
public final class TlsContextFactory {

    private TlsContextFactory() {}

    public static SslContext create(MqttSettings.Tls tls) {
        return create(tls, () -> false);
    }

    /** {@code skipValidity} says, per handshake, whether client certificates may be outside their validity dates. */
    public static SslContext create(MqttSettings.Tls tls, BooleanSupplier skipValidity) {
        try {
            SslContextBuilder builder = keyMaterial(tls)
                    .protocols(tls.protocols().toArray(String[]::new))
                    .clientAuth(clientAuth(tls.clientAuth()));
            List<X509Certificate> trusted = trusted(tls);
            if (!trusted.isEmpty()) {
                builder.trustManager(new ClientCertificateTrust(trusted, skipValidity));
            } else if (!"none".equals(tls.clientAuth())) {
                throw new IllegalStateException(
                        "client-auth " + tls.clientAuth()
                                + " needs trust-cert-file or trust-store-file (LISTENER_SSL_PEM_TRUST_CERT / LISTENER_SSL_TRUST_STORE)");
            }
            return builder.build();
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("cannot set up TLS: " + e.getMessage(), e);
        }
    }

    private static SslContextBuilder keyMaterial(MqttSettings.Tls tls) throws GeneralSecurityException, IOException {
        if (!isBlank(tls.certFile()) && !isBlank(tls.keyFile())) {
            return SslContextBuilder.forServer(
                    new File(tls.certFile()),
                    new File(tls.keyFile()),
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

    /** The trusted CA (or pinned self-signed client) certificates, for the CONNECT-time validation of client certificates. */
    static List<X509Certificate> trustedCertificates(MqttSettings.Tls tls) {
        try {
            return trusted(tls);
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("cannot read the trusted client certificates: " + e.getMessage(), e);
        }
    }

    /** The trusted CA (or self-signed client) certificates from the trust store and/or the PEM file. */
    private static List<X509Certificate> trusted(MqttSettings.Tls tls) throws GeneralSecurityException, IOException {
        List<X509Certificate> trusted = new ArrayList<>();
        if (!isBlank(tls.trustStoreFile())) {
            KeyStore store = load(tls.trustStoreFile(), tls.trustStoreType(), tls.trustStorePassword());
            for (String alias : Collections.list(store.aliases())) {
                if (store.getCertificate(alias) instanceof X509Certificate certificate) {
                    trusted.add(certificate);
                }
            }
        }
        if (!isBlank(tls.trustCertFile())) {
            try (InputStream in = Files.newInputStream(Path.of(tls.trustCertFile()))) {
                for (Certificate certificate :
                        CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                    trusted.add((X509Certificate) certificate);
                }
            }
        }
        return trusted;
    }

    private static KeyStore load(String file, String type, String password)
            throws GeneralSecurityException, IOException {
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
