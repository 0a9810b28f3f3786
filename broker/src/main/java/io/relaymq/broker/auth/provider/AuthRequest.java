package io.relaymq.broker.auth.provider;

import java.security.cert.X509Certificate;
import java.util.List;

/**
 * What a CONNECT offers to prove who the client is.
 *
 * @param certificates the client's certificates, client certificate first (empty without TLS or without a client
 *                     certificate): as presented in the TLS handshake until the {@link Authenticator} replaces them
 *                     with the validated certification path, which is all the providers see
 */
public record AuthRequest(
        String clientId,
        String username,
        byte[] password,
        String ipAddress,
        boolean tls,
        List<X509Certificate> certificates) {

    public AuthRequest {
        certificates = certificates == null ? List.of() : List.copyOf(certificates);
    }

    /** This request with {@code path} as its certificates. */
    public AuthRequest withCertificates(List<X509Certificate> path) {
        return new AuthRequest(clientId, username, password, ipAddress, tls, path);
    }

    public boolean hasPassword() {
        return password != null;
    }
}
