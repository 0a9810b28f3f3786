package io.relaymq.broker.support;

import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Makes a self-signed server key store with the JDK's keytool (once per test JVM, under target/) and
 * turns on the node's TLS and WSS listeners with it, through system properties the Spring context reads.
 * The node trusts two client CAs and checks client certificates against a CRL file of both (read again
 * every second), so tests can revoke a certificate with {@link #revoke}.
 */
public final class TestTlsMaterial implements BeforeAllCallback {

    public static final String PASSWORD = "changeit";
    /** One client CA per test JVM: the node's trust store is made from it before the node starts. */
    private static final Supplier<TestPki.Identity> CLIENT_CA = memoize("RelayMQ Test Client CA");
    /** A second trusted client CA (with a name unique to the JVM), so tests can mix trust anchors. */
    private static final Supplier<TestPki.Identity> SECOND_CLIENT_CA = memoize(
            "RelayMQ Test Second Client CA " + UUID.randomUUID().toString().substring(0, 8));
    /** Serial numbers listed as revoked in the node's CRL file. */
    private static final Set<BigInteger> REVOKED = ConcurrentHashMap.newKeySet();

    private static final ExtensionContext.Namespace NAMESPACE =
            ExtensionContext.Namespace.create(TestTlsMaterial.class);

    @Override
    public void beforeAll(ExtensionContext context) {
        Path keyStore = context.getRoot().getStore(NAMESPACE).computeIfAbsent("keyStore", k -> create(), Path.class);
        System.setProperty("LISTENER_SSL_ENABLED", "true");
        System.setProperty("LISTENER_SSL_BIND_PORT", "0");
        System.setProperty("LISTENER_WSS_ENABLED", "true");
        System.setProperty("LISTENER_WSS_BIND_PORT", "0");
        System.setProperty("LISTENER_SSL_KEY_STORE", keyStore.toString());
        System.setProperty("LISTENER_SSL_KEY_STORE_PASSWORD", PASSWORD);
        Path trustStore = context.getRoot()
                .getStore(NAMESPACE)
                .computeIfAbsent("clientCa", k -> clientCaTrustStore(), Path.class);
        System.setProperty("LISTENER_SSL_CLIENT_AUTH", "optional");
        System.setProperty("LISTENER_SSL_TRUST_STORE", trustStore.toString());
        System.setProperty("LISTENER_SSL_TRUST_STORE_PASSWORD", TestPki.PASSWORD);
        Path crls = context.getRoot().getStore(NAMESPACE).computeIfAbsent("crls", k -> writeCrls(), Path.class);
        System.setProperty("LISTENER_SSL_CRL_ENABLED", "true");
        System.setProperty("LISTENER_SSL_CRL_FILE", crls.toString());
        System.setProperty("LISTENER_SSL_CRL_REFRESH_INTERVAL", "1s");
        Path caFile = context.getRoot().getStore(NAMESPACE).computeIfAbsent("mqttsCa", k -> writeMqttsCa(), Path.class);
        System.setProperty("API_MQTTS_CA_CERT_FILE", caFile.toString());
    }

    /** The PEM file the node offers as its MQTTS CA certificate (the client CA stands in for one). */
    public static Path mqttsCaFile() {
        return Path.of(System.getProperty("API_MQTTS_CA_CERT_FILE"));
    }

    private static Path writeMqttsCa() {
        try {
            Path dir = Files.createDirectories(Path.of("target", "test-tls").toAbsolutePath());
            Path file = dir.resolve("mqtts-ca-" + ProcessHandle.current().pid() + ".pem");
            try (var out = new JcaPEMWriter(Files.newBufferedWriter(file))) {
                out.writeObject(clientCa().certificate());
            }
            return file;
        } catch (Exception e) {
            throw new IllegalStateException("cannot write the MQTTS CA file", e);
        }
    }

    /**
     * Lists {@code certificate} (issued by one of the two client CAs) as revoked in the node's CRL file; the
     * node reads the file again within a second or so.
     */
    public static void revoke(X509Certificate certificate) {
        REVOKED.add(certificate.getSerialNumber());
        writeCrls();
    }

    /** A current CRL of each client CA (listing the serials revoked so far), written atomically as PEM. */
    private static synchronized Path writeCrls() {
        try {
            Path dir = Files.createDirectories(Path.of("target", "test-tls").toAbsolutePath());
            Path file = dir.resolve("client-cas-" + ProcessHandle.current().pid() + ".crl.pem");
            Path temp = Files.createTempFile(dir, "crl-", ".tmp");
            try (var out = new JcaPEMWriter(Files.newBufferedWriter(temp))) {
                for (TestPki.Identity ca : List.of(clientCa(), secondClientCa())) {
                    out.writeObject(TestPki.crl(ca, REVOKED));
                }
            }
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return file;
        } catch (Exception e) {
            throw new IllegalStateException("cannot write the client CAs' CRLs", e);
        }
    }

    /** The CA the node trusts for client certificates (X.509 authentication tests sign with it). */
    public static TestPki.Identity clientCa() {
        return CLIENT_CA.get();
    }

    /** The second CA the node trusts for client certificates. */
    public static TestPki.Identity secondClientCa() {
        return SECOND_CLIENT_CA.get();
    }

    private static Path clientCaTrustStore() {
        try {
            Path dir = Files.createDirectories(Path.of("target", "test-tls").toAbsolutePath());
            return TestPki.trustStore(
                    dir.resolve("client-ca-" + ProcessHandle.current().pid() + ".p12"),
                    clientCa().certificate(),
                    secondClientCa().certificate());
        } catch (Exception e) {
            throw new IllegalStateException("cannot create the client CA", e);
        }
    }

    private static Supplier<TestPki.Identity> memoize(String cn) {
        AtomicReference<TestPki.Identity> ca = new AtomicReference<>();
        return () -> ca.updateAndGet(current -> {
            if (current != null) {
                return current;
            }
            try {
                return TestPki.ca(cn);
            } catch (Exception e) {
                throw new IllegalStateException("cannot create the client CA", e);
            }
        });
    }

    /** The key store, which is also the clients' trust store (it holds the self-signed certificate). */
    public static Path keyStore() {
        return Path.of(System.getProperty("LISTENER_SSL_KEY_STORE"));
    }

    private static Path create() {
        try {
            Path dir = Files.createDirectories(Path.of("target", "test-tls").toAbsolutePath());
            Path store = dir.resolve("server-" + ProcessHandle.current().pid() + ".p12");
            Files.deleteIfExists(store);
            Process keytool = new ProcessBuilder(List.of(
                            Path.of(System.getProperty("java.home"), "bin", "keytool")
                                    .toString(),
                            "-genkeypair",
                            "-alias",
                            "broker",
                            "-keyalg",
                            "EC",
                            "-groupname",
                            "secp256r1",
                            "-dname",
                            "CN=localhost",
                            "-ext",
                            "SAN=dns:localhost,ip:127.0.0.1",
                            "-validity",
                            "2",
                            "-keystore",
                            store.toString(),
                            "-storetype",
                            "PKCS12",
                            "-storepass",
                            PASSWORD,
                            "-keypass",
                            PASSWORD))
                    .redirectErrorStream(true)
                    .start();
            String out = new String(keytool.getInputStream().readAllBytes());
            if (!keytool.waitFor(60, TimeUnit.SECONDS) || keytool.exitValue() != 0) {
                throw new IllegalStateException("keytool failed: " + out);
            }
            return store;
        } catch (Exception e) {
            throw new IllegalStateException("cannot create test TLS material", e);
        }
    }
}
