package io.relaymq.broker.transport;

import java.security.GeneralSecurityException;
import java.security.InvalidAlgorithmParameterException;
import java.security.cert.CertPath;
import java.security.cert.CertPathValidator;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.PKIXParameters;
import java.security.cert.TrustAnchor;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Date;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import javax.net.ssl.X509TrustManager;

/**
 * Validates client certificate chains during the TLS handshake with PKIX against the configured trust
 * anchors: every signature, issuer and CA constraint up to an anchor, never a name match alone. When the
 * X.509 provider is set to skip validity dates, a client certificate outside its validity period is
 * checked as of the nearest moment inside it; everything else is still checked. The handshake only decides
 * whether the chain is trusted; which names it carries is decided at CONNECT from the certification path
 * (see {@link PkixClientCertificateValidator}), so certificates a client appends to its chain give it nothing.
 */
public final class ClientCertificateTrust implements X509TrustManager {

    private final Set<TrustAnchor> anchors;
    private final X509Certificate[] issuers;
    private final BooleanSupplier skipValidity;

    public ClientCertificateTrust(Collection<X509Certificate> trusted, BooleanSupplier skipValidity) {
        if (trusted.isEmpty()) {
            throw new IllegalArgumentException("no trusted certificates for client certificate validation");
        }
        this.anchors = trusted.stream().map(c -> new TrustAnchor(c, null)).collect(Collectors.toUnmodifiableSet());
        this.issuers = trusted.toArray(X509Certificate[]::new);
        this.skipValidity = skipValidity;
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        if (chain == null || chain.length == 0) {
            throw new CertificateException("no client certificate");
        }
        List<X509Certificate> path = new ArrayList<>(Arrays.asList(chain));
        while (path.size() > 1 && isAnchor(path.get(path.size() - 1))) {
            path.remove(path.size() - 1);
        }
        try {
            CertificateFactory factory = CertificateFactory.getInstance("X.509");
            CertPath certPath = factory.generateCertPath(path);
            PKIXParameters params = new PKIXParameters(anchors);
            params.setRevocationEnabled(false);
            params.setDate(validationDate(chain[0], skipValidity.getAsBoolean()));
            CertPathValidator.getInstance("PKIX").validate(certPath, params);
        } catch (InvalidAlgorithmParameterException e) {
            throw new CertificateException("cannot validate client certificates: " + e.getMessage(), e);
        } catch (GeneralSecurityException e) {
            throw new CertificateException("client certificate rejected: " + e.getMessage(), e);
        }
    }

    /** Now, or with {@code skipValidity} the moment inside the client certificate's validity nearest to now. */
    static Date validationDate(X509Certificate client, boolean skipValidity) {
        Date now = new Date();
        if (!skipValidity) {
            return now;
        }
        if (now.after(client.getNotAfter())) {
            return client.getNotAfter();
        }
        if (now.before(client.getNotBefore())) {
            return client.getNotBefore();
        }
        return now;
    }

    private boolean isAnchor(X509Certificate certificate) {
        return anchors.stream().anyMatch(a -> a.getTrustedCert().equals(certificate));
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        throw new CertificateException("this trust manager only checks client certificates");
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
        return issuers.clone();
    }
}
