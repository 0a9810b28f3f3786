package io.relaymq.broker.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relaymq.broker.auth.CertificateCheck;
import io.relaymq.broker.mqtt.ConnectReject;
import io.relaymq.broker.support.TestPki;
import io.relaymq.broker.transport.PkixClientCertificateValidator;
import io.relaymq.broker.transport.RevocationCheck;
import io.relaymq.broker.transport.TlsRevocationProperties;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finding 4 of issue #18, at the unit level: CRL checks (file read again after the refresh interval, a
 * missing CRL for the client's issuer refuses, an unreadable file at start is an error).
 */
class RevokedCertificateCrlTest {

    @TempDir
    Path dir;

    private final Instant start = Instant.now();

    private PkixClientCertificateValidator validator(TestPki.Identity ca, Path crlFile, Clock clock) {
        var settings = new TlsRevocationProperties(
                new TlsRevocationProperties.Crl(true, crlFile.toString(), Duration.ofMinutes(1)),
                new TlsRevocationProperties.Ocsp(false, null, false, Duration.ofMinutes(5)));
        return new PkixClientCertificateValidator(
                List.of(ca.certificate()), () -> false, new RevocationCheck(settings, clock));
    }

    private static Path write(Path file, TestPki.Identity ca, Set<BigInteger> revoked) throws Exception {
        Files.write(file, TestPki.crl(ca, revoked).getEncoded());
        return file;
    }

    @Test
    void aCertificateListedInTheCrlIsRefusedAndOthersOfItsCaAccepted() throws Exception {
        TestPki.Identity ca = TestPki.ca("CRL Test CA");
        TestPki.Identity revoked = TestPki.client("crl-revoked", ca);
        TestPki.Identity good = TestPki.client("crl-good", ca);
        Path file =
                write(dir.resolve("ca.crl"), ca, Set.of(revoked.certificate().getSerialNumber()));
        var validator = validator(ca, file, Clock.systemUTC());

        CertificateCheck refused = validator.validate("crl-revoked", List.of(revoked.chain()));

        assertThat(refused.reject()).isEqualTo(ConnectReject.NOT_AUTHORIZED);
        assertThat(refused.reason()).contains("revoked");
        assertThat(validator.validate("crl-good", List.of(good.chain())).isValid())
                .isTrue();
    }

    @Test
    void theFileIsReadAgainOnlyAfterTheRefreshInterval() throws Exception {
        TestPki.Identity ca = TestPki.ca("CRL Test CA");
        TestPki.Identity device = TestPki.client("crl-device", ca);
        Path file = write(dir.resolve("ca.crl"), ca, Set.of());
        MutableClock clock = new MutableClock(start);
        var validator = validator(ca, file, clock);

        write(file, ca, Set.of(device.certificate().getSerialNumber()));
        assertThat(validator.validate("crl-device", List.of(device.chain())).isValid())
                .isTrue();
        clock.now = start.plus(Duration.ofMinutes(1));

        assertThat(validator.validate("crl-device", List.of(device.chain())).reason())
                .contains("revoked");
    }

    @Test
    void aClientWhoseIssuerHasNoCrlIsRefused() throws Exception {
        TestPki.Identity ca = TestPki.ca("CRL Test CA");
        Path otherCasCrl = write(dir.resolve("other.crl"), TestPki.ca("Other CA"), Set.of());

        CertificateCheck check = validator(ca, otherCasCrl, Clock.systemUTC())
                .validate("d", List.of(TestPki.client("d", ca).chain()));

        assertThat(check.isValid()).isFalse();
    }

    @Test
    void aMissingFileIsAStartError() throws Exception {
        TestPki.Identity ca = TestPki.ca("CRL Test CA");
        assertThatThrownBy(() -> validator(ca, dir.resolve("missing.crl"), Clock.systemUTC()))
                .hasMessageContaining("LISTENER_SSL_CRL_FILE");
    }

    private static final class MutableClock extends Clock {
        private Instant now;

        MutableClock(Instant now) {
            this.now = now;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
