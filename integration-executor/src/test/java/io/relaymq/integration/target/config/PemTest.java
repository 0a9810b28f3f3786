package io.relaymq.integration.target.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.cert.X509Certificate;
import java.util.List;
import org.junit.jupiter.api.Test;

class PemTest {

    @Test
    void readsCertificatesAndWritesThemAgainFromTheParsedBytes() {
        String both = TestPem.read("ca-cert.pem") + "\n" + TestPem.read("client-cert.pem");

        List<X509Certificate> certificates = Pem.certificates(both);

        assertThat(certificates).hasSize(2);
        assertThat(certificates.get(0).getSubjectX500Principal().getName()).isEqualTo("CN=relaymq-test-ca");
        assertThat(Pem.certificates(Pem.encodeCertificates(certificates))).isEqualTo(certificates);
    }

    @Test
    void refusesTextThatIsNotACertificate() {
        assertThatThrownBy(() -> Pem.certificates("hello")).hasMessageContaining("no -----BEGIN CERTIFICATE-----");
        assertThatThrownBy(() -> Pem.certificates(TestPem.read("client-key.pem")))
                .hasMessageContaining("PRIVATE KEY block where certificates are expected");
        assertThatThrownBy(() -> Pem.certificates("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----"))
                .hasMessageContaining("cannot be parsed");
        assertThatThrownBy(() -> Pem.certificates(TestPem.read("ca-cert.pem") + "\u00e9"))
                .hasMessageContaining("printable ASCII");
    }

    @Test
    void readsAPkcs8KeyAndRefusesOtherKeyForms() {
        byte[] der = Pem.privateKey(TestPem.read("client-key.pem"));

        assertThat(Pem.privateKey(Pem.encodeKey(der))).isEqualTo(der);
        String pkcs1 = TestPem.read("client-key.pem").replace("PRIVATE KEY", "RSA PRIVATE KEY");
        assertThatThrownBy(() -> Pem.privateKey(pkcs1)).hasMessageContaining("PKCS #8");
        assertThatThrownBy(() -> Pem.privateKey("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----"))
                .hasMessageContaining("not RSA, EC or EdDSA");
    }
}
