package io.relaymq.broker.auth;

import java.security.cert.X509Certificate;
import java.util.List;

/**
 * Validates, at CONNECT, the certificate chain a client presented in its TLS handshake: builds the
 * certification path from the client certificate to a trust anchor and checks revocation when configured.
 * Only the certificates of that path name the client; anything else the client appended is ignored.
 */
public interface ClientCertificateValidator {

    /**
     * @param clientId  for log lines
     * @param presented the chain as the client sent it, client certificate first (not empty)
     */
    CertificateCheck validate(String clientId, List<X509Certificate> presented);
}
