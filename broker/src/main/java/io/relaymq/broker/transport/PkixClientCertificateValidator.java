package io.relaymq.broker.transport;

import io.relaymq.broker.auth.CertificateCheck;
import io.relaymq.broker.auth.ClientCertificateValidator;
import io.relaymq.broker.mqtt.ConnectReject;
import java.security.GeneralSecurityException;
import java.security.cert.CertPathBuilder;
import java.security.cert.CertStore;
import java.security.cert.CertificateException;
import java.security.cert.CollectionCertStoreParameters;
import java.security.cert.PKIXBuilderParameters;
import java.security.cert.PKIXCertPathBuilderResult;
import java.security.cert.TrustAnchor;
import java.security.cert.X509CertSelector;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

/**
 * Builds, with PKIX, the certification path from the client certificate to one of the trust anchors,
 * using the other presented certificates only as candidate issuers, then checks revocation (of a
 * certificate inside its validity dates). The path
 * (client certificate, the intermediates that signed it, the anchor's certificate) is what names the
 * client; a trusted certificate the client merely appended is not part of it.
 */
public final class PkixClientCertificateValidator implements ClientCertificateValidator {

    private final Set<TrustAnchor> anchors;
    private final BooleanSupplier skipValidity;
    private final RevocationCheck revocation;

    /** @param skipValidity whether the client certificate may be outside its validity dates (X.509 provider setting) */
    public PkixClientCertificateValidator(
            Collection<X509Certificate> trusted, BooleanSupplier skipValidity, RevocationCheck revocation) {
        this.anchors = trusted.stream().map(c -> new TrustAnchor(c, null)).collect(Collectors.toUnmodifiableSet());
        this.skipValidity = skipValidity;
        this.revocation = revocation;
    }

    @Override
    public CertificateCheck validate(String clientId, List<X509Certificate> presented) {
        if (anchors.isEmpty() || presented.isEmpty()) {
            return CertificateCheck.refused(
                    ConnectReject.NOT_AUTHORIZED, "no trusted certificates to validate the client certificate");
        }
        Date date = ClientCertificateTrust.validationDate(presented.get(0), skipValidity.getAsBoolean());
        PKIXCertPathBuilderResult built;
        try {
            built = build(presented, date);
        } catch (GeneralSecurityException e) {
            return CertificateCheck.refused(
                    ConnectReject.NOT_AUTHORIZED, "client certificate not trusted: " + e.getMessage());
        }
        List<X509Certificate> path = path(built);
        if (insideValidity(presented.get(0))) {
            Optional<CertificateCheck> refused =
                    revocation.refusal(clientId, built.getCertPath(), built.getTrustAnchor(), date);
            if (refused.isPresent()) {
                return refused.get();
            }
        }
        return CertificateCheck.valid(path);
    }

    /**
     * False only for a certificate accepted outside its validity dates (X.509 provider set to skip them):
     * its revocation is not checked, as CRLs and responders stop listing a certificate once it expires.
     */
    private static boolean insideValidity(X509Certificate client) {
        try {
            client.checkValidity();
            return true;
        } catch (CertificateException e) {
            return false;
        }
    }

    private PKIXCertPathBuilderResult build(List<X509Certificate> presented, Date date)
            throws GeneralSecurityException {
        X509CertSelector target = new X509CertSelector();
        target.setCertificate(presented.get(0));
        PKIXBuilderParameters params = new PKIXBuilderParameters(anchors, target);
        params.setRevocationEnabled(false);
        params.setDate(date);
        params.addCertStore(CertStore.getInstance("Collection", new CollectionCertStoreParameters(presented)));
        return (PKIXCertPathBuilderResult) CertPathBuilder.getInstance("PKIX").build(params);
    }

    /** The built path's certificates, client first, then the anchor's certificate (once, also for a pinned client). */
    private static List<X509Certificate> path(PKIXCertPathBuilderResult built) {
        List<X509Certificate> path = new ArrayList<>();
        built.getCertPath().getCertificates().forEach(c -> path.add((X509Certificate) c));
        X509Certificate anchor = built.getTrustAnchor().getTrustedCert();
        if (anchor != null && !path.contains(anchor)) {
            path.add(anchor);
        }
        return path;
    }
}
