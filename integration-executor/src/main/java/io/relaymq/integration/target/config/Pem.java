package io.relaymq.integration.target.config;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * PEM certificates and PKCS #8 private keys from a configuration. Everything is parsed before use, and what
 * goes on to a client is PEM written again here from the parsed bytes, never the text an administrator sent.
 */
public final class Pem {

    private static final Pattern BLOCK =
            Pattern.compile("-----BEGIN ([A-Z0-9 ]{1,40})-----([A-Za-z0-9+/=\\s]*)-----END \\1-----");
    private static final Pattern PEM_CHARS = Pattern.compile("[\\x20-\\x7e\\r\\n\\t]*");
    private static final int MAX_CERTIFICATES = 16;
    private static final List<String> KEY_ALGORITHMS = List.of("RSA", "EC", "Ed25519", "Ed448");

    private Pem() {}

    /** The certificates of a PEM text; IllegalArgumentException with a readable reason when it has none or a bad one. */
    public static List<X509Certificate> certificates(String pem) {
        List<X509Certificate> result = new ArrayList<>();
        for (Block block : blocks(pem)) {
            if (!block.label().equals("CERTIFICATE")) {
                throw new IllegalArgumentException(
                        "holds a " + block.label() + " block where certificates are expected");
            }
            result.add(certificate(block.der()));
        }
        if (result.isEmpty()) {
            throw new IllegalArgumentException("holds no -----BEGIN CERTIFICATE----- block");
        }
        if (result.size() > MAX_CERTIFICATES) {
            throw new IllegalArgumentException("holds more than " + MAX_CERTIFICATES + " certificates");
        }
        return result;
    }

    /** The DER bytes of the one PKCS #8 private key ({@code BEGIN PRIVATE KEY}) of a PEM text. */
    public static byte[] privateKey(String pem) {
        List<Block> blocks = blocks(pem);
        if (blocks.size() != 1 || !blocks.get(0).label().equals("PRIVATE KEY")) {
            throw new IllegalArgumentException(
                    "must hold exactly one unencrypted PKCS #8 key (-----BEGIN PRIVATE KEY-----)");
        }
        byte[] der = blocks.get(0).der();
        for (String algorithm : KEY_ALGORITHMS) {
            try {
                KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
                return der;
            } catch (GeneralSecurityException | IllegalArgumentException e) {
                // not a key of this algorithm: try the next
            }
        }
        throw new IllegalArgumentException("holds a private key that is not RSA, EC or EdDSA, or is damaged");
    }

    /** PEM text of certificates, written from their encoded form. */
    public static String encodeCertificates(List<X509Certificate> certificates) {
        StringBuilder out = new StringBuilder();
        for (X509Certificate certificate : certificates) {
            try {
                out.append(encode("CERTIFICATE", certificate.getEncoded()));
            } catch (CertificateException e) {
                throw new IllegalStateException("cannot encode a parsed certificate", e);
            }
        }
        return out.toString();
    }

    /** PEM text of a PKCS #8 key from its DER bytes. */
    public static String encodeKey(byte[] der) {
        return encode("PRIVATE KEY", der);
    }

    /** An in-memory trust store holding {@code certificates}. */
    public static KeyStore trustStore(List<X509Certificate> certificates) throws GeneralSecurityException {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try {
            store.load(null, null);
        } catch (java.io.IOException e) {
            throw new GeneralSecurityException("cannot create an empty key store", e);
        }
        for (int i = 0; i < certificates.size(); i++) {
            store.setCertificateEntry("ca-" + i, certificates.get(i));
        }
        return store;
    }

    private static String encode(String label, byte[] der) {
        String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(der);
        return "-----BEGIN " + label + "-----\n" + body + "\n-----END " + label + "-----\n";
    }

    private static X509Certificate certificate(byte[] der) {
        try {
            Certificate parsed =
                    CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(der));
            return (X509Certificate) parsed;
        } catch (CertificateException | ClassCastException e) {
            throw new IllegalArgumentException("holds a certificate that cannot be parsed");
        }
    }

    private static List<Block> blocks(String pem) {
        if (!PEM_CHARS.matcher(pem).matches()) {
            throw new IllegalArgumentException("must be PEM text (printable ASCII and line breaks only)");
        }
        List<Block> blocks = new ArrayList<>();
        Matcher m = BLOCK.matcher(pem);
        while (m.find()) {
            try {
                blocks.add(new Block(m.group(1), Base64.getMimeDecoder().decode(m.group(2))));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("holds a " + m.group(1) + " block that is not valid base64");
            }
        }
        return blocks;
    }

    private record Block(String label, byte[] der) {}
}
