package io.relaymq.broker.transport;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relaymq.broker.support.TestPki;
import io.relaymq.broker.support.TestPki.Identity;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Client certificate chains are validated up to a trust anchor, never by name alone. */
class ClientCertificateTrustTest {

    private static Identity ca;
    private static Identity otherCa;
    private final AtomicBoolean skipValidity = new AtomicBoolean();
    private ClientCertificateTrust trust;

    @BeforeAll
    static void pki() throws Exception {
        ca = TestPki.ca("RelayMQ Test CA");
        otherCa = TestPki.ca("Other CA");
    }

    private ClientCertificateTrust trust() {
        if (trust == null) {
            trust = new ClientCertificateTrust(List.of(ca.certificate()), skipValidity::get);
        }
        return trust;
    }

    @Test
    void acceptsAClientSignedByTheTrustedCaWithOrWithoutTheCaInTheChain() throws Exception {
        Identity client = TestPki.client("device-1", ca);
        assertThatCode(() -> trust().checkClientTrusted(client.chain(), "EC")).doesNotThrowAnyException();
        assertThatCode(() -> trust().checkClientTrusted(new X509Certificate[] {client.certificate()}, "EC"))
                .doesNotThrowAnyException();
    }

    @Test
    void acceptsAChainThroughAnIntermediate() throws Exception {
        Identity intermediate = TestPki.intermediate("Intermediate", ca);
        Identity client = TestPki.client("device-2", intermediate);
        assertThatCode(() -> trust().checkClientTrusted(client.chain(), "EC")).doesNotThrowAnyException();
    }

    @Test
    void rejectsASelfSignedCertificate() throws Exception {
        Identity self = TestPki.selfSigned("device-1");
        assertThatThrownBy(() -> trust().checkClientTrusted(self.chain(), "EC"))
                .isInstanceOf(CertificateException.class);
    }

    @Test
    void rejectsAChainOfAnotherCaEvenWithTheSameNames() throws Exception {
        Identity impostorCa = TestPki.ca("RelayMQ Test CA");
        Identity client = TestPki.client("device-1", impostorCa);
        assertThatThrownBy(() -> trust().checkClientTrusted(client.chain(), "EC"))
                .isInstanceOf(CertificateException.class);
        Identity foreign = TestPki.client("device-1", otherCa);
        assertThatThrownBy(() -> trust().checkClientTrusted(foreign.chain(), "EC"))
                .isInstanceOf(CertificateException.class);
    }

    @Test
    void rejectsAClientCertificateThatPretendsToBeACa() throws Exception {
        Identity leaf = TestPki.client("device-1", ca);
        Identity signedByLeaf = TestPki.client("device-9", leaf);
        assertThatThrownBy(() -> trust().checkClientTrusted(signedByLeaf.chain(), "EC"))
                .isInstanceOf(CertificateException.class);
    }

    @Test
    void expiredAndNotYetValidCertificatesPassOnlyWhenValidityIsSkipped() throws Exception {
        Instant now = Instant.now();
        Identity expired = TestPki.client("old", ca, now.minus(Duration.ofDays(3)), now.minus(Duration.ofDays(2)));
        Identity future = TestPki.client("new", ca, now.plus(Duration.ofDays(2)), now.plus(Duration.ofDays(3)));
        assertThatThrownBy(() -> trust().checkClientTrusted(expired.chain(), "EC"))
                .isInstanceOf(CertificateException.class);
        assertThatThrownBy(() -> trust().checkClientTrusted(future.chain(), "EC"))
                .isInstanceOf(CertificateException.class);

        skipValidity.set(true);
        assertThatCode(() -> trust().checkClientTrusted(expired.chain(), "EC")).doesNotThrowAnyException();
        assertThatCode(() -> trust().checkClientTrusted(future.chain(), "EC")).doesNotThrowAnyException();
        Identity forged = TestPki.client("old", otherCa, now.minus(Duration.ofDays(3)), now.minus(Duration.ofDays(2)));
        assertThatThrownBy(() -> trust().checkClientTrusted(forged.chain(), "EC"))
                .isInstanceOf(CertificateException.class);
    }
}
