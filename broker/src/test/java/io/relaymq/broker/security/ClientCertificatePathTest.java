package io.relaymq.broker.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.broker.auth.CertificateCheck;
import io.relaymq.broker.mqtt.ConnectReject;
import io.relaymq.broker.support.TestPki;
import io.relaymq.broker.transport.PkixClientCertificateValidator;
import io.relaymq.broker.transport.RevocationCheck;
import io.relaymq.broker.transport.TlsRevocationProperties;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Finding 4 of issue #18, at the unit level: the names of a client come from the certification path the
 * validator builds (client certificate first, then its real issuers up to the anchor), never from
 * trusted certificates appended to the presented chain; also for pinned self-signed certificates.
 */
class ClientCertificatePathTest {

    private static final TlsRevocationProperties NO_REVOCATION = new TlsRevocationProperties(
            new TlsRevocationProperties.Crl(false, null, Duration.ofMinutes(5)),
            new TlsRevocationProperties.Ocsp(false, null, false, Duration.ofMinutes(5)));

    private static PkixClientCertificateValidator trusting(X509Certificate... trusted) {
        return new PkixClientCertificateValidator(
                List.of(trusted), () -> false, new RevocationCheck(NO_REVOCATION, Clock.systemUTC()));
    }

    @Test
    void anAppendedCaIsNotInThePath() throws Exception {
        TestPki.Identity caA = TestPki.ca("CA A");
        TestPki.Identity caB = TestPki.ca("CA B");
        TestPki.Identity leaf = TestPki.client("device-a", caA);

        CertificateCheck check = trusting(caA.certificate(), caB.certificate())
                .validate("d", List.of(leaf.certificate(), caA.certificate(), caB.certificate()));

        assertThat(check.path()).containsExactly(leaf.certificate(), caA.certificate());
    }

    @Test
    void anAppendedPinnedCertificateIsNotInThePath() throws Exception {
        TestPki.Identity device = TestPki.selfSigned("device-1");
        TestPki.Identity admin = TestPki.selfSigned("admin-app");

        CertificateCheck check = trusting(device.certificate(), admin.certificate())
                .validate("d", List.of(device.certificate(), admin.certificate()));

        assertThat(check.path()).containsExactly(device.certificate());
    }

    @Test
    void aPathThroughAnIntermediateKeepsItsOrder() throws Exception {
        TestPki.Identity root = TestPki.ca("Root");
        TestPki.Identity intermediate = TestPki.intermediate("Intermediate", root);
        TestPki.Identity leaf = TestPki.client("device-i", intermediate);

        CertificateCheck check = trusting(root.certificate()).validate("d", List.of(leaf.chain()));

        assertThat(check.path()).containsExactly(leaf.certificate(), intermediate.certificate(), root.certificate());
    }

    @Test
    void aChainOfAnUntrustedCaIsRefused() throws Exception {
        TestPki.Identity stranger = TestPki.client("device-x", TestPki.ca("Stranger"));

        CertificateCheck check = trusting(TestPki.ca("CA A").certificate()).validate("d", List.of(stranger.chain()));

        assertThat(check.reject()).isEqualTo(ConnectReject.NOT_AUTHORIZED);
    }
}
