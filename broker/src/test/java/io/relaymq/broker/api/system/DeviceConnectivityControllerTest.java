package io.relaymq.broker.api.system;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Only certificates leave the CA file, whatever else an operator put into it. */
class DeviceConnectivityControllerTest {

    private static final String CERT_A = "-----BEGIN CERTIFICATE-----\nMIIBaA==\n-----END CERTIFICATE-----";
    private static final String CERT_B = "-----BEGIN CERTIFICATE-----\nMIIBbB+/\n-----END CERTIFICATE-----";

    @Test
    void aPrivateKeyBesideTheCertificatesIsLeftOut() {
        String file = CERT_A + "\n-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBg==\n-----END PRIVATE KEY-----\n" + "junk\n"
                + CERT_B + "\n";
        String served = DeviceConnectivityController.certificateBlocks(file);
        assertThat(served).isEqualTo(CERT_A + "\n" + CERT_B + "\n").doesNotContain("PRIVATE");
    }

    @Test
    void aFileWithoutCertificatesOffersNothing() {
        assertThat(DeviceConnectivityController.certificateBlocks(
                        "-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----\n"))
                .isEmpty();
    }
}
