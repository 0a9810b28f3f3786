package io.relaymq.broker.auth.scram;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

/**
 * The SCRAM computations against the SCRAM-SHA-256 example of RFC 7677 section 3 (user "user", password
 * "pencil", salt W22ZaJ0SNY7soEsUEjb6gQ==, 4096 iterations), read as a server reads it.
 */
class ScramKeysTest {

    private static final String CLIENT_FIRST = "n,,n=user,r=rOprNGfwEbeRWgbNEkqO";
    private static final String SERVER_FIRST =
            "r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096";
    private static final String CLIENT_FINAL = "c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,"
            + "p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=";
    private static final String SERVER_FINAL = "v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=";
    private static final byte[] SALT = Base64.getDecoder().decode("W22ZaJ0SNY7soEsUEjb6gQ==");

    private static byte[] authMessage() {
        ClientFirst first = ScramMessages.clientFirst(CLIENT_FIRST.getBytes(StandardCharsets.UTF_8));
        ClientFinal last = ScramMessages.clientFinal(CLIENT_FINAL.getBytes(StandardCharsets.UTF_8));
        return (first.bare() + "," + SERVER_FIRST + "," + last.withoutProof()).getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] proof() {
        return ScramMessages.clientFinal(CLIENT_FINAL.getBytes(StandardCharsets.UTF_8))
                .proof();
    }

    @Test
    void theRfc7677ProofIsAcceptedWithKeysDerivedFromPencil() {
        ScramKeys keys = ScramKeys.derive(ScramAlgorithm.SHA_256, "pencil", SALT, 4096);

        assertThat(keys.proves(ScramAlgorithm.SHA_256, authMessage(), proof())).isTrue();
    }

    @Test
    void theServerSignatureIsTheRfc7677ServerFinalMessage() {
        ScramKeys keys = ScramKeys.derive(ScramAlgorithm.SHA_256, "pencil", SALT, 4096);

        String serverFinal =
                "v=" + Base64.getEncoder().encodeToString(keys.serverSignature(ScramAlgorithm.SHA_256, authMessage()));

        assertThat(serverFinal).isEqualTo(SERVER_FINAL);
    }

    @Test
    void aClientComputesTheRfc7677Proof() {
        byte[] salted = ScramAlgorithm.SHA_256.saltedPassword("pencil".getBytes(StandardCharsets.UTF_8), SALT, 4096);

        assertThat(ScramKeys.clientProof(ScramAlgorithm.SHA_256, salted, authMessage()))
                .isEqualTo(proof());
    }

    @Test
    void keysOfAnotherPasswordOrIterationCountRefuseTheProof() {
        assertThat(ScramKeys.derive(ScramAlgorithm.SHA_256, "pencil2", SALT, 4096)
                        .proves(ScramAlgorithm.SHA_256, authMessage(), proof()))
                .isFalse();
        assertThat(ScramKeys.derive(ScramAlgorithm.SHA_256, "pencil", SALT, 4097)
                        .proves(ScramAlgorithm.SHA_256, authMessage(), proof()))
                .isFalse();
    }

    @Test
    void aProofChangedInOneBitOrOfAnotherLengthIsRefused() {
        ScramKeys keys = ScramKeys.derive(ScramAlgorithm.SHA_256, "pencil", SALT, 4096);
        byte[] flipped = proof();
        flipped[5] ^= 0x01;

        assertThat(keys.proves(ScramAlgorithm.SHA_256, authMessage(), flipped)).isFalse();
        assertThat(keys.proves(ScramAlgorithm.SHA_256, authMessage(), new byte[64]))
                .isFalse();
    }

    @Test
    void sha512KeysHaveSha512LengthsAndProveTheirOwnClientProof() {
        byte[] salted = ScramAlgorithm.SHA_512.saltedPassword("pencil".getBytes(StandardCharsets.UTF_8), SALT, 4096);
        ScramKeys keys = ScramKeys.derive(ScramAlgorithm.SHA_512, "pencil", SALT, 4096);
        byte[] message = "n=user,r=abc,r=abcdef,s=x,i=4096,c=biws,r=abcdef".getBytes(StandardCharsets.UTF_8);

        assertThat(keys.storedKey()).hasSize(64);
        assertThat(keys.serverKey()).hasSize(64);
        assertThat(keys.proves(
                        ScramAlgorithm.SHA_512,
                        message,
                        ScramKeys.clientProof(ScramAlgorithm.SHA_512, salted, message)))
                .isTrue();
        assertThat(keys.proves(
                        ScramAlgorithm.SHA_256,
                        message,
                        ScramKeys.clientProof(ScramAlgorithm.SHA_512, salted, message)))
                .isFalse();
    }

    @Test
    void mechanismNamesAreMatchedExactly() {
        assertThat(ScramAlgorithm.ofMechanism("SCRAM-SHA-256")).contains(ScramAlgorithm.SHA_256);
        assertThat(ScramAlgorithm.ofMechanism("SCRAM-SHA-512")).contains(ScramAlgorithm.SHA_512);
        assertThat(ScramAlgorithm.ofMechanism("scram-sha-256")).isEmpty();
        assertThat(ScramAlgorithm.ofMechanism("SCRAM-SHA-1")).isEmpty();
    }
}
