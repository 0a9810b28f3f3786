package io.relaymq.broker.auth.provider;

import io.relaymq.broker.auth.acl.PlaceholderValues;
import java.security.cert.X509Certificate;
import java.util.List;

/**
 * What a CONNECT offers to prove who the client is.
 *
 * @param certificates    the client's certificates, client certificate first (empty without TLS or without a
 *                        client certificate): as presented in the TLS handshake until the {@link Authenticator}
 *                        replaces them with the validated certification path, which is all the providers see
 * @param protocolVersion the CONNECT's protocol level (3: 3.1, 4: 3.1.1, 5: 5.0; 0 when not known)
 */
public record AuthRequest(
        String clientId,
        String username,
        byte[] password,
        String ipAddress,
        boolean tls,
        List<X509Certificate> certificates,
        int protocolVersion) {

    public AuthRequest {
        certificates = certificates == null ? List.of() : List.copyOf(certificates);
    }

    /** A request whose protocol level is not known. */
    public AuthRequest(
            String clientId,
            String username,
            byte[] password,
            String ipAddress,
            boolean tls,
            List<X509Certificate> certificates) {
        this(clientId, username, password, ipAddress, tls, certificates, 0);
    }

    /** This request with {@code path} as its certificates. */
    public AuthRequest withCertificates(List<X509Certificate> path) {
        return new AuthRequest(clientId, username, password, ipAddress, tls, path, protocolVersion);
    }

    public boolean hasPassword() {
        return password != null;
    }

    /** The client certificate's common name, or null without a client certificate (or without a CN). */
    public String certificateCn() {
        if (certificates.isEmpty()) {
            return null;
        }
        String cn = X509AuthProvider.commonName(certificates.get(0));
        return cn.isEmpty() ? null : cn;
    }

    /** What {@code ${clientId}}, {@code ${username}} and {@code ${cn}} stand for in this client's rules. */
    public PlaceholderValues placeholderValues() {
        return new PlaceholderValues(clientId, username, certificateCn());
    }
}
