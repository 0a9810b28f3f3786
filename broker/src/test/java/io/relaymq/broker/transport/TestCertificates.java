package io.relaymq.broker.transport;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/** Key material made for a test with the JDK's keytool: self-signed certificates in PKCS12 stores. */
final class TestCertificates {

    static final String PASSWORD = "changeit";

    private TestCertificates() {}

    /** A PKCS12 store with one self-signed key pair for {@code cn}, valid for 127.0.0.1 and localhost. */
    static Path keyPair(Path dir, String name, String cn) throws IOException, InterruptedException {
        Path store = dir.resolve(name + ".p12");
        keytool(
                "-genkeypair",
                "-alias",
                name,
                "-keyalg",
                "EC",
                "-groupname",
                "secp256r1",
                "-dname",
                "CN=" + cn,
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
                PASSWORD);
        return store;
    }

    /** A trust store holding the certificates of the given key stores. */
    static Path trustStore(Path dir, String name, Path... keyStores) throws IOException, InterruptedException {
        Path trust = dir.resolve(name + ".p12");
        for (Path keyStore : keyStores) {
            String alias = keyStore.getFileName().toString().replace(".p12", "");
            Path pem = dir.resolve(alias + ".pem");
            keytool(
                    "-exportcert",
                    "-alias",
                    alias,
                    "-keystore",
                    keyStore.toString(),
                    "-storepass",
                    PASSWORD,
                    "-rfc",
                    "-file",
                    pem.toString());
            keytool(
                    "-importcert",
                    "-alias",
                    alias,
                    "-file",
                    pem.toString(),
                    "-keystore",
                    trust.toString(),
                    "-storetype",
                    "PKCS12",
                    "-storepass",
                    PASSWORD,
                    "-noprompt");
        }
        return trust;
    }

    /** A client SSLContext trusting {@code trust} and presenting the key in {@code key} (may be null). */
    static SSLContext clientContext(Path trust, Path key) throws Exception {
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(load(trust));
        KeyManagerFactory kmf = null;
        if (key != null) {
            kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(load(key), PASSWORD.toCharArray());
        }
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(kmf == null ? null : kmf.getKeyManagers(), tmf.getTrustManagers(), null);
        return context;
    }

    static TrustManagerFactory trustManagers(Path trust) throws Exception {
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(load(trust));
        return tmf;
    }

    static KeyStore load(Path store) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            ks.load(in, PASSWORD.toCharArray());
        }
        return ks;
    }

    private static void keytool(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException("keytool failed: " + out);
        }
    }
}
