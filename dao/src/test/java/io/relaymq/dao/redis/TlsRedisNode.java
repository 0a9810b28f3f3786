package io.relaymq.dao.redis;

import static org.awaitility.Awaitility.await;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SslOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.relaymq.localinfra.process.ManagedProcess;
import io.relaymq.localinfra.process.Ports;
import io.relaymq.localinfra.redis.RedisBinary;
import java.io.File;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * One real {@code redis-server} that speaks only TLS (a CA and a certificate for 127.0.0.1 made here, PEM files
 * as Redis reads them) and knows only the ACL user {@code relaymq} with password {@code secret} (the default user
 * is off): ElastiCache with in-transit encryption and RBAC, on one node. In cluster mode it holds all 16384 slots;
 * standalone, it is ElastiCache with cluster mode disabled.
 */
final class TlsRedisNode implements AutoCloseable {

    static final String USER = "relaymq";
    static final String PASSWORD = "secret";

    private final ManagedProcess process;
    private final int port;
    private final Path caFile;

    private TlsRedisNode(ManagedProcess process, int port, Path caFile) {
        this.process = process;
        this.port = port;
        this.caFile = caFile;
    }

    /** In cluster mode, holding every slot. */
    static TlsRedisNode start(Path dir) throws Exception {
        return start(dir, true);
    }

    /** Without cluster mode (REDIS_CONNECTION_TYPE=standalone). */
    static TlsRedisNode startStandalone(Path dir) throws Exception {
        return start(dir, false);
    }

    private static TlsRedisNode start(Path dir, boolean cluster) throws Exception {
        KeyPair caKeys = keyPair();
        X509Certificate ca = certificate("CN=relaymq test CA", caKeys, "CN=relaymq test CA", caKeys.getPrivate(), true);
        KeyPair serverKeys = keyPair();
        X509Certificate server =
                certificate("CN=127.0.0.1", serverKeys, "CN=relaymq test CA", caKeys.getPrivate(), false);
        Path caFile = pem(dir.resolve("ca.pem"), "CERTIFICATE", ca.getEncoded());
        Path certFile = pem(dir.resolve("server.pem"), "CERTIFICATE", server.getEncoded());
        Path keyFile = pem(
                dir.resolve("server.key"),
                "PRIVATE KEY",
                serverKeys.getPrivate().getEncoded());
        int port = Ports.free();
        Path redis = RedisBinary.resolve(dir.resolve("cache"));
        List<String> command = new ArrayList<>(List.of(
                redis.toString(),
                "--port",
                "0",
                "--tls-port",
                Integer.toString(port),
                "--bind",
                "127.0.0.1",
                "--tls-cert-file",
                certFile.toString(),
                "--tls-key-file",
                keyFile.toString(),
                "--tls-ca-cert-file",
                caFile.toString(),
                "--tls-auth-clients",
                "no",
                "--dir",
                dir.toString(),
                "--save",
                "",
                "--appendonly",
                "no",
                "--user",
                "default",
                "off",
                "--user",
                USER,
                "on",
                ">" + PASSWORD,
                "~*",
                "&*",
                "+@all"));
        if (cluster) {
            command.addAll(List.of(
                    "--tls-cluster",
                    "yes",
                    "--cluster-enabled",
                    "yes",
                    "--cluster-config-file",
                    dir.resolve("nodes.conf").toString()));
        }
        ManagedProcess process = ManagedProcess.start("redis-tls", command, dir, dir.resolve("redis.log"), Map.of());
        TlsRedisNode node = new TlsRedisNode(process, port, caFile);
        if (cluster) {
            node.takeAllSlots();
        } else {
            await().atMost(Duration.ofSeconds(30)).until(() -> Ports.isListening(port));
        }
        return node;
    }

    String address() {
        return "127.0.0.1:" + port;
    }

    Path caFile() {
        return caFile;
    }

    private void takeAllSlots() {
        RedisURI uri = RedisURI.builder()
                .withHost("127.0.0.1")
                .withPort(port)
                .withSsl(true)
                .withAuthentication(USER, PASSWORD)
                .withTimeout(Duration.ofSeconds(5))
                .build();
        RedisClient client = RedisClient.create(uri);
        client.setOptions(ClientOptions.builder()
                .sslOptions(SslOptions.builder()
                        .jdkSslProvider()
                        .trustManager(new File(caFile.toString()))
                        .build())
                .build());
        try {
            StatefulRedisConnection<String, String> connection =
                    await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(client::connect, c -> c != null);
            connection.sync().clusterAddSlots(IntStream.range(0, 16384).toArray());
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> connection.sync().clusterInfo().contains("cluster_state:ok"));
            connection.close();
        } finally {
            client.shutdown();
        }
    }

    String log() {
        return process.tail(30);
    }

    @Override
    public void close() {
        process.kill();
    }

    private static KeyPair keyPair() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        return generator.generateKeyPair();
    }

    private static X509Certificate certificate(
            String subject, KeyPair keys, String issuer, PrivateKey signer, boolean authority) throws Exception {
        Instant now = Instant.now();
        JcaX509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(
                new X500Name(issuer),
                BigInteger.valueOf(now.toEpochMilli()),
                Date.from(now.minus(Duration.ofHours(1))),
                Date.from(now.plus(Duration.ofDays(1))),
                new X500Name(subject),
                keys.getPublic());
        builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(authority));
        if (!authority) {
            builder.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(new GeneralName[] {
                new GeneralName(GeneralName.iPAddress, "127.0.0.1"), new GeneralName(GeneralName.dNSName, "localhost")
            }));
        }
        return new JcaX509CertificateConverter()
                .getCertificate(builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(signer)));
    }

    private static Path pem(Path file, String type, byte[] der) throws Exception {
        String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(der);
        Files.writeString(file, "-----BEGIN " + type + "-----\n" + body + "\n-----END " + type + "-----\n");
        return file;
    }
}
