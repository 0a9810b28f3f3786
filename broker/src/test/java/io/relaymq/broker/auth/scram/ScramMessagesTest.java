package io.relaymq.broker.auth.scram;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The strict reading of SCRAM client messages (RFC 5802 section 7) and the broker's limits on them. */
class ScramMessagesTest {

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void aClientFirstMessageGivesUserNonceAndTheBareMessage() {
        ClientFirst first = ScramMessages.clientFirst(utf8("n,,n=user,r=rOprNGfwEbeRWgbNEkqO"));

        assertThat(first.user()).isEqualTo("user");
        assertThat(first.nonce()).isEqualTo("rOprNGfwEbeRWgbNEkqO");
        assertThat(first.bare()).isEqualTo("n=user,r=rOprNGfwEbeRWgbNEkqO");
    }

    @Test
    void escapedCommasAndEqualSignsInTheUserNameAreDecoded() {
        assertThat(ScramMessages.clientFirst(utf8("n,,n=a=2Cb=3Dc,r=0123456789"))
                        .user())
                .isEqualTo("a,b=c");
        assertThat(ScramMessages.saslName("a,b=c")).isEqualTo("a=2Cb=3Dc");
    }

    @Test
    void channelBindingIsRefusedWhetherRequiredOrOffered() {
        assertThatThrownBy(() -> ScramMessages.clientFirst(utf8("p=tls-unique,,n=user,r=0123456789")))
                .isInstanceOf(MalformedScram.class)
                .hasMessageContaining("channel binding");
        assertThatThrownBy(() -> ScramMessages.clientFirst(utf8("y,,n=user,r=0123456789")))
                .isInstanceOf(MalformedScram.class);
        assertThatThrownBy(() -> ScramMessages.clientFinal(utf8("c=cD10bHMtdW5pcXVlLCw=,r=0123456789,p=AAAA")))
                .isInstanceOf(MalformedScram.class)
                .hasMessageContaining("channel binding");
    }

    @Test
    void anAuthorizationIdentityOrMandatoryExtensionIsRefused() {
        assertThatThrownBy(() -> ScramMessages.clientFirst(utf8("n,a=admin,n=user,r=0123456789")))
                .isInstanceOf(MalformedScram.class);
        assertThatThrownBy(() -> ScramMessages.clientFirst(utf8("n,,m=ext,n=user,r=0123456789")))
                .isInstanceOf(MalformedScram.class)
                .hasMessageContaining("mandatory");
    }

    @Test
    void malformedAttributesAreRefused() {
        for (String message : new String[] {
            "",
            "n,,",
            "n,,n=user",
            "n,,r=0123456789,n=user",
            "n,,n=,r=0123456789",
            "n,,n=us=41er,r=0123456789",
            "n,,n=user,r=short",
            "n,,n=user,r=0123456789,,",
            "n,,n=user,r=01234 56789",
            "n,,n=user,r=0123456789,1=x"
        }) {
            assertThatThrownBy(() -> ScramMessages.clientFirst(utf8(message)))
                    .as(message)
                    .isInstanceOf(MalformedScram.class);
        }
        for (String message : new String[] {
            "c=biws,r=0123456789", "c=biws,p=AAAA", "r=0123456789,c=biws,p=AAAA", "c=biws,r=0123456789,p=***"
        }) {
            assertThatThrownBy(() -> ScramMessages.clientFinal(utf8(message)))
                    .as(message)
                    .isInstanceOf(MalformedScram.class);
        }
    }

    @Test
    void oversizeMessagesUserNamesAndNoncesAreRefused() {
        String longNonce = "x".repeat(ScramMessages.MAX_NONCE + 1);
        assertThatThrownBy(() -> ScramMessages.clientFirst(utf8("n,,n=user,r=" + longNonce)))
                .isInstanceOf(MalformedScram.class)
                .hasMessageContaining("nonce");
        String longUser = "u".repeat(ScramMessages.MAX_USER_CHARS + 1);
        assertThatThrownBy(() -> ScramMessages.clientFirst(utf8("n,,n=" + longUser + ",r=0123456789")))
                .isInstanceOf(MalformedScram.class)
                .hasMessageContaining("user name");
        byte[] oversize = utf8("n,,n=user,r=0123456789,x=" + "a".repeat(ScramMessages.MAX_MESSAGE_BYTES));
        assertThatThrownBy(() -> ScramMessages.clientFirst(oversize))
                .isInstanceOf(MalformedScram.class)
                .hasMessageContaining("longer than");
        assertThatThrownBy(() -> ScramMessages.clientFinal(oversize)).isInstanceOf(MalformedScram.class);
    }

    @Test
    void invalidUtf8IsRefused() {
        byte[] message = utf8("n,,n=user,r=0123456789");
        message[6] = (byte) 0xC3;
        assertThatThrownBy(() -> ScramMessages.clientFirst(message))
                .isInstanceOf(MalformedScram.class)
                .hasMessageContaining("UTF-8");
    }

    @Test
    void aClientFinalMessageGivesNonceProofAndTheMessageWithoutProof() {
        ClientFinal last = ScramMessages.clientFinal(utf8("c=biws,r=0123456789abc,p=AQID"));

        assertThat(last.nonce()).isEqualTo("0123456789abc");
        assertThat(last.proof()).containsExactly(1, 2, 3);
        assertThat(last.withoutProof()).isEqualTo("c=biws,r=0123456789abc");
    }
}
