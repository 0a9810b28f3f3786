package io.relaymq.broker.support;

import java.io.OutputStream;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.X509CRL;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.Date;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.CRLReason;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.jcajce.JcaX509CRLConverter;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v2CRLBuilder;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/** Certificates made in the test: CAs, client certificates signed by them, expired and self-signed ones. */
public final class TestPki {

    public static final String PASSWORD = "changeit";

    /** A key pair with its certificate chain (leaf first). */
    public record Identity(KeyPair keys, X509Certificate[] chain) {
        public X509Certificate certificate() {
            return chain[0];
        }

        /** A PKCS12 key store with this identity under alias "key". */
        public Path keyStore(Path file) throws Exception {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setKeyEntry("key", keys.getPrivate(), PASSWORD.toCharArray(), chain);
            try (OutputStream out = Files.newOutputStream(file)) {
                store.store(out, PASSWORD.toCharArray());
            }
            return file;
        }
    }

    private TestPki() {}

    public static Identity ca(String cn) throws Exception {
        KeyPair keys = keyPair();
        Instant now = Instant.now();
        X509Certificate cert = sign(
                cn, keys, cn, keys.getPrivate(), now.minus(Duration.ofDays(1)), now.plus(Duration.ofDays(30)), true);
        return new Identity(keys, new X509Certificate[] {cert});
    }

    /** A client certificate for {@code cn} signed by {@code issuer}, valid from now for a day. */
    public static Identity client(String cn, Identity issuer) throws Exception {
        Instant now = Instant.now();
        return client(cn, issuer, now.minus(Duration.ofHours(1)), now.plus(Duration.ofDays(1)));
    }

    public static Identity client(String cn, Identity issuer, Instant notBefore, Instant notAfter) throws Exception {
        KeyPair keys = keyPair();
        X509Certificate cert = sign(
                cn,
                keys,
                issuer.certificate().getSubjectX500Principal().getName(),
                issuer.keys().getPrivate(),
                notBefore,
                notAfter,
                false);
        X509Certificate[] chain = new X509Certificate[issuer.chain().length + 1];
        chain[0] = cert;
        System.arraycopy(issuer.chain(), 0, chain, 1, issuer.chain().length);
        return new Identity(keys, chain);
    }

    /** An intermediate CA signed by {@code issuer}. */
    public static Identity intermediate(String cn, Identity issuer) throws Exception {
        KeyPair keys = keyPair();
        Instant now = Instant.now();
        X509Certificate cert = sign(
                cn,
                keys,
                issuer.certificate().getSubjectX500Principal().getName(),
                issuer.keys().getPrivate(),
                now.minus(Duration.ofDays(1)),
                now.plus(Duration.ofDays(10)),
                true);
        X509Certificate[] chain = new X509Certificate[issuer.chain().length + 1];
        chain[0] = cert;
        System.arraycopy(issuer.chain(), 0, chain, 1, issuer.chain().length);
        return new Identity(keys, chain);
    }

    public static Identity selfSigned(String cn) throws Exception {
        KeyPair keys = keyPair();
        Instant now = Instant.now();
        X509Certificate cert = sign(
                cn, keys, cn, keys.getPrivate(), now.minus(Duration.ofHours(1)), now.plus(Duration.ofDays(1)), false);
        return new Identity(keys, new X509Certificate[] {cert});
    }

    /** A PKCS12 trust store holding these certificates. */
    public static Path trustStore(Path file, X509Certificate... trusted) throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        for (int i = 0; i < trusted.length; i++) {
            store.setCertificateEntry("trusted-" + i, trusted[i]);
        }
        try (OutputStream out = Files.newOutputStream(file)) {
            store.store(out, PASSWORD.toCharArray());
        }
        return file;
    }

    /** A CRL of {@code ca}, current from a minute ago for a day, listing {@code revoked} serial numbers. */
    public static X509CRL crl(Identity ca, Collection<BigInteger> revoked) throws Exception {
        Instant now = Instant.now();
        var builder = new JcaX509v2CRLBuilder(
                ca.certificate().getSubjectX500Principal(), Date.from(now.minus(Duration.ofMinutes(1))));
        builder.setNextUpdate(Date.from(now.plus(Duration.ofDays(1))));
        for (BigInteger serial : revoked) {
            builder.addCRLEntry(serial, Date.from(now.minus(Duration.ofMinutes(1))), CRLReason.keyCompromise);
        }
        return new JcaX509CRLConverter()
                .getCRL(builder.build(new JcaContentSignerBuilder("SHA256withECDSA")
                        .build(ca.keys().getPrivate())));
    }

    private static KeyPair keyPair() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        return generator.generateKeyPair();
    }

    private static X509Certificate sign(
            String subject,
            KeyPair subjectKeys,
            String issuer,
            PrivateKey issuerKey,
            Instant notBefore,
            Instant notAfter,
            boolean ca)
            throws Exception {
        X500Name subjectName = subject.contains("=") ? new X500Name(subject) : new X500Name("CN=" + subject);
        X500Name issuerName = issuer.contains("=") ? new X500Name(issuer) : new X500Name("CN=" + issuer);
        JcaX509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(
                issuerName,
                new BigInteger(63, new SecureRandom()),
                Date.from(notBefore),
                Date.from(notAfter),
                subjectName,
                subjectKeys.getPublic());
        builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(ca));
        builder.addExtension(
                Extension.keyUsage,
                true,
                ca
                        ? new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign)
                        : new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyAgreement));
        return new JcaX509CertificateConverter()
                .getCertificate(builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(issuerKey)));
    }
}
