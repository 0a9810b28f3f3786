package io.relaymq.broker.transport;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.relaymq.broker.auth.CertificateCheck;
import io.relaymq.broker.mqtt.ConnectReject;
import java.net.URI;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.cert.CertPath;
import java.security.cert.CertPathValidator;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertStore;
import java.security.cert.CollectionCertStoreParameters;
import java.security.cert.PKIXParameters;
import java.security.cert.PKIXRevocationChecker;
import java.security.cert.TrustAnchor;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.util.Date;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Revocation of the client certificate (not of its issuers), with the JDK's PKIX revocation checker:
 * against a CRL file, an OCSP responder, or both (OCSP first, the CRLs when it gives no answer). A revoked
 * certificate is refused as not authorized; one whose status cannot be learned is refused as "server
 * unavailable" unless OCSP soft fail is on. OCSP answers are kept per certificate for the cache TTL.
 */
public final class RevocationCheck {

    private static final Logger log = LoggerFactory.getLogger(RevocationCheck.class);
    private static final int MAX_CACHED = 100_000;

    private final TlsRevocationProperties settings;
    private final CrlFile crls;
    /** By certificate SHA-256: empty when good, the refusal reason when revoked. */
    private final Cache<String, Optional<String>> ocspAnswers;

    public RevocationCheck(TlsRevocationProperties settings, Clock clock) {
        this.settings = settings;
        if (settings.crl().enabled()) {
            if (settings.crl().file() == null || settings.crl().file().isBlank()) {
                throw new IllegalStateException(
                        "CRL checks are on (LISTENER_SSL_CRL_ENABLED) but LISTENER_SSL_CRL_FILE is not set");
            }
            crls = new CrlFile(Path.of(settings.crl().file()), settings.crl().refreshInterval(), clock);
        } else {
            crls = null;
        }
        ocspAnswers = settings.ocsp().enabled()
                ? Caffeine.newBuilder()
                        .expireAfterWrite(settings.ocsp().cacheTtl())
                        .maximumSize(MAX_CACHED)
                        .build()
                : null;
    }

    /** Empty when the path's client certificate may be used (or no check is configured); else the refusal. */
    Optional<CertificateCheck> refusal(String clientId, CertPath path, TrustAnchor anchor, Date date) {
        if (!settings.enabled() || path.getCertificates().isEmpty()) {
            return Optional.empty();
        }
        String key = fingerprint((X509Certificate) path.getCertificates().get(0));
        Optional<String> known = ocspAnswers == null ? null : ocspAnswers.getIfPresent(key);
        if (known != null) {
            return known.map(RevocationCheck::revoked);
        }
        try {
            CertPathValidator.getInstance("PKIX").validate(path, parameters(anchor, date));
            remember(key, Optional.empty());
            return Optional.empty();
        } catch (CertPathValidatorException e) {
            return refusal(clientId, key, e);
        } catch (GeneralSecurityException e) {
            log.error("[{}] cannot check the revocation of the client certificate", clientId, e);
            return Optional.of(
                    CertificateCheck.refused(ConnectReject.SERVER_UNAVAILABLE, "revocation could not be checked"));
        }
    }

    private Optional<CertificateCheck> refusal(String clientId, String key, CertPathValidatorException e) {
        if (e.getReason() == CertPathValidatorException.BasicReason.REVOKED) {
            String reason = "client certificate revoked: " + e.getMessage();
            remember(key, Optional.of(reason));
            return Optional.of(revoked(reason));
        }
        if (e.getReason() == CertPathValidatorException.BasicReason.UNDETERMINED_REVOCATION_STATUS) {
            if (settings.ocsp().enabled() && settings.ocsp().softFail()) {
                log.warn(
                        "[{}] revocation status of the client certificate unknown, accepted (OCSP soft fail): {}",
                        clientId,
                        e.getMessage());
                return Optional.empty();
            }
            return Optional.of(CertificateCheck.refused(
                    ConnectReject.SERVER_UNAVAILABLE,
                    "revocation status of the client certificate unknown: " + e.getMessage()));
        }
        return Optional.of(CertificateCheck.refused(
                ConnectReject.NOT_AUTHORIZED, "client certificate rejected: " + e.getMessage()));
    }

    private static CertificateCheck revoked(String reason) {
        return CertificateCheck.refused(ConnectReject.NOT_AUTHORIZED, reason);
    }

    private void remember(String key, Optional<String> answer) {
        if (ocspAnswers != null) {
            ocspAnswers.put(key, answer);
        }
    }

    private PKIXParameters parameters(TrustAnchor anchor, Date date) throws GeneralSecurityException {
        PKIXParameters params = new PKIXParameters(Set.of(anchor));
        params.setDate(date);
        CertPathValidator validator = CertPathValidator.getInstance("PKIX");
        PKIXRevocationChecker checker = (PKIXRevocationChecker) validator.getRevocationChecker();
        Set<PKIXRevocationChecker.Option> options = EnumSet.of(PKIXRevocationChecker.Option.ONLY_END_ENTITY);
        if (!settings.ocsp().enabled()) {
            options.add(PKIXRevocationChecker.Option.PREFER_CRLS);
        }
        if (!settings.ocsp().enabled() || !settings.crl().enabled()) {
            options.add(PKIXRevocationChecker.Option.NO_FALLBACK);
        }
        checker.setOptions(options);
        String responder = settings.ocsp().responderUrl();
        if (settings.ocsp().enabled() && responder != null && !responder.isBlank()) {
            checker.setOcspResponder(URI.create(responder));
        }
        params.addCertPathChecker(checker);
        if (crls != null) {
            params.addCertStore(CertStore.getInstance("Collection", new CollectionCertStoreParameters(crls.current())));
        }
        return params;
    }

    private static String fingerprint(X509Certificate certificate) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(certificate.getEncoded()));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }
}
