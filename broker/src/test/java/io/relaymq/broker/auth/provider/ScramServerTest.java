package io.relaymq.broker.auth.provider;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.broker.auth.scram.ScramAlgorithm;
import io.relaymq.broker.auth.scram.ScramKeys;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

/** The proof check of a SCRAM exchange, for known and unknown users alike. */
class ScramServerTest {

    private static final ScramAlgorithm ALGORITHM = ScramAlgorithm.SHA_256;
    private static final String NONCE = "client-nonce-server-nonce";
    private static final String CLIENT_FIRST_BARE = "n=ghost,r=client-nonce";
    private static final String SERVER_FIRST = "r=" + NONCE + ",s=c2FsdA==,i=4096";
    private static final String WITHOUT_PROOF = "c=biws,r=" + NONCE;

    // the lookup is only used by challenge(), not by verify()
    private final ScramServer server = new ScramServer(null, () -> "cluster-secret", 4096);

    private static byte[] authMessage() {
        return (CLIENT_FIRST_BARE + "," + SERVER_FIRST + "," + WITHOUT_PROOF).getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] clientFinal(byte[] salted) {
        byte[] proof = ScramKeys.clientProof(ALGORITHM, salted, authMessage());
        return (WITHOUT_PROOF + ",p=" + Base64.getEncoder().encodeToString(proof)).getBytes(StandardCharsets.UTF_8);
    }

    private static ScramChallenge challenge(ScramKeys keys) {
        return new ScramChallenge(
                ALGORITHM, "ghost", null, keys, "scram|ghost", CLIENT_FIRST_BARE, SERVER_FIRST, NONCE);
    }

    @Test
    void anUnknownUserHasDisguisedKeysLikeAKnownUsers() {
        ScramKeys ghost = server.unknownUserKeys(ALGORITHM, "ghost");
        int length = ALGORITHM.hash(new byte[0]).length;
        assertThat(ghost.storedKey()).hasSize(length);
        assertThat(ghost.serverKey()).hasSize(length);
        // the same for the name every time, so the proof check is the same work in every exchange
        assertThat(server.unknownUserKeys(ALGORITHM, "ghost").storedKey()).isEqualTo(ghost.storedKey());
        assertThat(server.unknownUserKeys(ALGORITHM, "other").storedKey()).isNotEqualTo(ghost.storedKey());
    }

    @Test
    void anUnknownUserIsRefusedAfterTheSameProofCheckEvenWhenTheProofHolds() {
        byte[] salted = ALGORITHM.saltedPassword("pw".getBytes(StandardCharsets.UTF_8), new byte[16], 4096);
        ScramKeys keys = ScramKeys.derive(ALGORITHM, "pw", new byte[16], 4096);
        // without credentials the exchange is refused, whatever the keys it was checked against say
        assertThat(server.verify(challenge(keys), clientFinal(salted))).isEmpty();
    }

    @Test
    void anUnknownUsersWrongProofIsRefused() {
        byte[] salted = ALGORITHM.saltedPassword("pw".getBytes(StandardCharsets.UTF_8), new byte[16], 4096);
        assertThat(server.verify(challenge(server.unknownUserKeys(ALGORITHM, "ghost")), clientFinal(salted)))
                .isEmpty();
    }
}
