package io.relaymq.broker.auth;

import io.relaymq.broker.mqtt.ConnectReject;
import java.security.cert.X509Certificate;
import java.util.List;

/**
 * The outcome of {@link ClientCertificateValidator#validate}: either the validated path (client
 * certificate first, then each issuer up to and including the trust anchor's certificate), or why the
 * certificate is refused.
 */
public record CertificateCheck(List<X509Certificate> path, ConnectReject reject, String reason) {

    public CertificateCheck {
        path = path == null ? List.of() : List.copyOf(path);
    }

    public static CertificateCheck valid(List<X509Certificate> path) {
        return new CertificateCheck(path, null, null);
    }

    public static CertificateCheck refused(ConnectReject reject, String reason) {
        return new CertificateCheck(List.of(), reject, reason);
    }

    public boolean isValid() {
        return reject == null;
    }
}
