package io.relaymq.broker.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.broker.support.ApiClient;
import io.relaymq.broker.support.RelayMqNodeTest;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Finding 8: a refresh token could be used any number of times for its whole life, so a copied refresh
 * token kept a thief logged in for days unnoticed. Refresh tokens are now single-use and rotated; a used
 * one presented again revokes every token descended from the same login.
 */
@RelayMqNodeTest
class RefreshTokenReplayIT {

    @LocalServerPort
    int port;

    @Test
    void aRefreshTokenWorksOnceAndItsReplayRevokesTheWholeLogin() {
        String address = AdminLogins.randomAddress();
        String first = login(address).body().get("refreshToken").asString();

        ApiClient.Response rotated = AdminLogins.refresh(port, address, first);
        assertThat(rotated.status()).as(rotated.text()).isEqualTo(200);
        String second = rotated.body().get("refreshToken").asString();
        assertThat(second).isNotEqualTo(first);

        ApiClient.Response replay = AdminLogins.refresh(port, address, first);
        assertThat(replay.status()).as("the used refresh token again").isEqualTo(401);
        assertThat(replay.body().get("detail").asString()).contains("already used");

        assertThat(AdminLogins.refresh(port, address, second).status())
                .as("the token the legitimate holder got from the rotation is revoked with its family")
                .isEqualTo(401);
    }

    @Test
    void aReplayRevokesOnlyItsOwnLogin() {
        String address = AdminLogins.randomAddress();
        String mine = login(address).body().get("refreshToken").asString();
        String stolen = login(address).body().get("refreshToken").asString();

        assertThat(AdminLogins.refresh(port, address, stolen).status()).isEqualTo(200);
        assertThat(AdminLogins.refresh(port, address, stolen).status()).isEqualTo(401);

        ApiClient.Response other = AdminLogins.refresh(port, address, mine);
        assertThat(other.status())
                .as("another login of the same user: %s", other.text())
                .isEqualTo(200);
        assertThat(ApiClient.anonymous(port)
                        .withToken(other.body().get("token").asString())
                        .get("/api/auth/user")
                        .status())
                .isEqualTo(200);
    }

    private ApiClient.Response login(String address) {
        ApiClient.Response r = AdminLogins.login(port, address, ApiClient.ADMIN_EMAIL, ApiClient.ADMIN_PASSWORD);
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        return r;
    }
}
