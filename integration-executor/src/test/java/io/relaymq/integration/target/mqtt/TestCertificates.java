package io.relaymq.integration.target.mqtt;

import io.relaymq.integration.target.config.Pem;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A test CA and a server certificate it signed for the IP address 127.0.0.1 only (no DNS name, so a client that
 * checks the host name {@code localhost} refuses it), written as PEM files for Mosquitto.
 *
 * @param ca          the CA certificate clients trust
 * @param certificate the server certificate file
 * @param privateKey  its PKCS #8 key file
 */
record TestCertificates(X509Certificate ca, Path certificate, Path privateKey) {

    static TestCertificates create(Path dir) throws GeneralSecurityException, IOException, OperatorCreationException {
        KeyPair caKeys = ecKeys();
        X500Name caName = new X500Name("CN=relaymq-it-ca");
        X509v3CertificateBuilder caBuilder = builder(caName, caName, caKeys, 1);
        caBuilder.addExtension(Extension.basicConstraints, true, new BasicConstraints(true));
        caBuilder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
        X509Certificate ca = sign(caBuilder, caKeys);

        KeyPair serverKeys = ecKeys();
        X509v3CertificateBuilder server = builder(caName, new X500Name("CN=127.0.0.1"), serverKeys, 2);
        server.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
        server.addExtension(
                Extension.subjectAlternativeName,
                false,
                new GeneralNames(new GeneralName(GeneralName.iPAddress, "127.0.0.1")));
        server.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth));
        X509Certificate serverCertificate = sign(server, caKeys);

        Files.createDirectories(dir);
        Path certificate =
                Files.writeString(dir.resolve("server.crt"), Pem.encodeCertificates(List.of(serverCertificate)));
        Path key = Files.writeString(
                dir.resolve("server.key"), Pem.encodeKey(serverKeys.getPrivate().getEncoded()));
        return new TestCertificates(ca, certificate, key);
    }

    private static KeyPair ecKeys() throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(256);
        return generator.generateKeyPair();
    }

    private static X509v3CertificateBuilder builder(X500Name issuer, X500Name subject, KeyPair keys, long serial) {
        Instant now = Instant.now();
        return new JcaX509v3CertificateBuilder(
                issuer,
                BigInteger.valueOf(serial),
                Date.from(now.minus(Duration.ofHours(1))),
                Date.from(now.plus(Duration.ofDays(1))),
                subject,
                keys.getPublic());
    }

    private static X509Certificate sign(X509v3CertificateBuilder builder, KeyPair signer)
            throws OperatorCreationException, GeneralSecurityException {
        return new JcaX509CertificateConverter()
                .getCertificate(
                        builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(signer.getPrivate())));
    }
}
