package io.relaymq.broker.auth.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BasicAuthStrategyTest {

    @Test
    void withoutAStrategyBothAndEitherMatch() {
        assertThat(BasicAuthStrategy.of("{}")).isEqualTo(BasicAuthStrategy.CLIENT_ID_AND_USERNAME);
        assertThat(BasicAuthStrategy.of(null)).isEqualTo(BasicAuthStrategy.CLIENT_ID_AND_USERNAME);
        assertThat(BasicAuthStrategy.of("{\"other\":1}")).isEqualTo(BasicAuthStrategy.CLIENT_ID_AND_USERNAME);
        assertThat(BasicAuthStrategy.CLIENT_ID_AND_USERNAME.candidates("dev-1", "alice"))
                .containsExactly("mixed|alice|dev-1", "username|alice", "client_id|dev-1");
    }

    @Test
    void theConfiguredStrategyNarrowsTheLookup() {
        assertThat(BasicAuthStrategy.of("{\"authStrategy\":\"CLIENT_ID\"}").candidates("dev-1", "alice"))
                .containsExactly("client_id|dev-1");
        assertThat(BasicAuthStrategy.of("{\"authStrategy\":\"USERNAME\"}").candidates("dev-1", "alice"))
                .containsExactly("username|alice");
        assertThat(BasicAuthStrategy.USERNAME.candidates("dev-1", null)).isEmpty();
        assertThat(BasicAuthStrategy.CLIENT_ID.candidates("", "alice")).isEmpty();
    }

    @Test
    void anUnknownStrategyIsRefusedByName() {
        assertThatThrownBy(() -> BasicAuthStrategy.of("{\"authStrategy\":\"PASSWORD\"}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("CLIENT_ID_AND_USERNAME")
                .hasMessageContaining("PASSWORD");
        assertThatThrownBy(() -> BasicAuthStrategy.of("[1]")).isInstanceOf(IllegalArgumentException.class);
    }
}
