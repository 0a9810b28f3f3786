package io.relaymq.integration.target.http;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.util.Collection;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/** An SSL context that trusts only the CA certificates of a PEM text (hostnames are still verified). */
final class PemTrust {

    static final int MAX_CERTIFICATES = 16;

    private PemTrust() {}

    /** The certificates of {@code pem}; throws IllegalArgumentException when there are none or too many. */
    static List<Certificate> certificates(String pem) {
        Collection<? extends Certificate> certs;
        try {
            certs = CertificateFactory.getInstance("X.509")
                    .generateCertificates(new ByteArrayInputStream(pem.getBytes(StandardCharsets.US_ASCII)));
        } catch (CertificateException e) {
            throw new IllegalArgumentException("not PEM X.509 certificates (" + e.getMessage() + ")");
        }
        if (certs.isEmpty() || certs.size() > MAX_CERTIFICATES) {
            throw new IllegalArgumentException("must hold 1 to " + MAX_CERTIFICATES + " certificates");
        }
        return List.copyOf(certs);
    }

    static SSLContext context(String pem) throws GeneralSecurityException {
        KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
        try {
            store.load(null, null);
        } catch (java.io.IOException e) {
            throw new GeneralSecurityException("empty key store not created", e);
        }
        int i = 0;
        for (Certificate c : certificates(pem)) {
            store.setCertificateEntry("ca-" + i++, c);
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(store);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, tmf.getTrustManagers(), null);
        return context;
    }
}
