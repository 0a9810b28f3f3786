package io.relaymq.broker.auth;

import java.security.cert.X509Certificate;
import java.util.List;

/**
 * What a CONNECT offers to prove who the client is.
 *
 * @param certificates the client's certificate chain, leaf first, as validated by the TLS handshake (empty
 *                     without TLS or without a client certificate)
 */
public record AuthRequest(String clientId, String username, byte[] password, String ipAddress, boolean tls,
                          List<X509Certificate> certificates) {

    public AuthRequest {
        certificates = certificates == null ? List.of() : List.copyOf(certificates);
    }

    public boolean hasPassword() {
        return password != null;
    }
}
