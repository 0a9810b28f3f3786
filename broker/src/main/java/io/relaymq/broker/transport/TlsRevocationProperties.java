package io.relaymq.broker.transport;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * Revocation checks of client certificates at CONNECT ({@code relaymq.mqtt.tls.revocation.*}); see
 * application.yml for each key. Only the client certificate itself is checked (against its issuer).
 */
@Validated
@ConfigurationProperties("relaymq.mqtt.tls.revocation")
public record TlsRevocationProperties(
        @Valid @NotNull Crl crl, @Valid @NotNull Ocsp ocsp) {

    /**
     * @param enabled         check client certificates against the CRLs in {@code file}
     * @param file            PEM or DER file with one or more CRLs
     * @param refreshInterval how often the file is read again
     */
    public record Crl(boolean enabled, String file, @NotNull Duration refreshInterval) {}

    /**
     * @param enabled      ask an OCSP responder about each client certificate
     * @param responderUrl the responder to ask; empty: the one the certificate names (AIA extension)
     * @param softFail     accept a certificate whose status cannot be learned (responder down); false: refuse
     * @param cacheTtl     how long a good or revoked answer is kept per certificate
     */
    public record Ocsp(
            boolean enabled,
            String responderUrl,
            boolean softFail,
            @NotNull Duration cacheTtl) {}

    public boolean enabled() {
        return crl.enabled() || ocsp.enabled();
    }
}
