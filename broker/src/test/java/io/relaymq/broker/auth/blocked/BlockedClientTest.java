package io.relaymq.broker.auth.blocked;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relaymq.broker.auth.blocked.BlockedClient.BlockedType;
import io.relaymq.broker.auth.blocked.BlockedClient.RegexMatchTarget;
import org.junit.jupiter.api.Test;

class BlockedClientTest {

    @Test
    void keysSeparateTypesAndRegexTargets() {
        assertThat(new BlockedClient(BlockedType.CLIENT_ID, "c1", 0, null, RegexMatchTarget.BY_USERNAME).key())
                .isEqualTo("CLIENT_ID|c1");
        assertThat(new BlockedClient(BlockedType.REGEX, "c.*", 0, null, RegexMatchTarget.BY_USERNAME).key())
                .isEqualTo("REGEX|BY_USERNAME|c.*");
    }

    @Test
    void invalidBlocksAreRejected() {
        assertThatThrownBy(() -> new BlockedClient(BlockedType.REGEX, "(", 0, null, RegexMatchTarget.BY_CLIENT_ID))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new BlockedClient(BlockedType.REGEX, "a", 0, null, null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new BlockedClient(BlockedType.USERNAME, "", 0, null, null))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void expiresAtItsTimeAndNeverWithZero() {
        assertThat(new BlockedClient(BlockedType.USERNAME, "u", 1000, null, null).isExpired(999))
                .isFalse();
        assertThat(new BlockedClient(BlockedType.USERNAME, "u", 1000, null, null).isExpired(1000))
                .isTrue();
        assertThat(new BlockedClient(BlockedType.USERNAME, "u", 0, null, null).isExpired(Long.MAX_VALUE))
                .isFalse();
    }
}
