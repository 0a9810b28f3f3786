package io.relaymq.broker.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.broker.support.ApiClient;
import io.relaymq.broker.support.RelayMqNodeTest;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Finding 8: access and refresh tokens stayed valid after their user's password changed, so a stolen
 * token outlived the password reset meant to lock its thief out. Tokens now carry the user's token
 * version, which every password change raises.
 */
@RelayMqNodeTest
class TokenAfterPasswordChangeIT {

    private static final String FIRST_PASSWORD = "first-password-1";
    private static final String SECOND_PASSWORD = "second-password-2";

    @LocalServerPort
    int port;

    private String email;
    private String userId;

    @BeforeEach
    void createUser() {
        email = "pwchange-" + System.nanoTime() + "@example.com";
        ApiClient.Response created =
                ApiClient.admin(port).post("/api/admin", Map.of("email", email, "password", FIRST_PASSWORD));
        assertThat(created.status()).as(created.text()).isEqualTo(200);
        userId = created.body().get("id").asString();
    }

    @AfterEach
    void deleteUser() {
        ApiClient.admin(port).delete("/api/admin/" + userId);
    }

    @Test
    void changingOnesOwnPasswordEndsTheOldTokens() {
        ApiClient.Response before = login(FIRST_PASSWORD);
        String oldAccess = before.body().get("token").asString();
        String oldRefresh = before.body().get("refreshToken").asString();
        assertThat(ApiClient.anonymous(port)
                        .withToken(oldAccess)
                        .get("/api/auth/user")
                        .status())
                .isEqualTo(200);

        ApiClient.Response changed = ApiClient.anonymous(port)
                .withToken(oldAccess)
                .post(
                        "/api/auth/changePassword",
                        Map.of("currentPassword", FIRST_PASSWORD, "newPassword", SECOND_PASSWORD));
        assertThat(changed.status()).as(changed.text()).isEqualTo(200);

        ApiClient.Response stale =
                ApiClient.anonymous(port).withToken(oldAccess).get("/api/auth/user");
        assertThat(stale.status()).as("the access token from before the change").isEqualTo(401);
        assertThat(stale.body().get("detail").asString()).contains("password");
        assertThat(AdminLogins.refresh(port, null, oldRefresh).status())
                .as("the refresh token from before the change")
                .isEqualTo(401);

        String newAccess = changed.body().get("token").asString();
        assertThat(ApiClient.anonymous(port)
                        .withToken(newAccess)
                        .get("/api/auth/user")
                        .status())
                .as("the tokens the change answered with")
                .isEqualTo(200);
        assertThat(AdminLogins.refresh(
                                port, null, changed.body().get("refreshToken").asString())
                        .status())
                .isEqualTo(200);
    }

    @Test
    void anAdminResettingAUsersPasswordEndsThatUsersTokens() {
        String oldAccess = login(FIRST_PASSWORD).body().get("token").asString();

        ApiClient.Response reset = ApiClient.admin(port)
                .post("/api/admin", Map.of("id", userId, "email", email, "password", SECOND_PASSWORD));
        assertThat(reset.status()).as(reset.text()).isEqualTo(200);

        assertThat(ApiClient.anonymous(port)
                        .withToken(oldAccess)
                        .get("/api/auth/user")
                        .status())
                .isEqualTo(401);
        assertThat(login(SECOND_PASSWORD).status()).isEqualTo(200);
    }

    @Test
    void savingAUserWithoutANewPasswordKeepsItsTokens() {
        String access = login(FIRST_PASSWORD).body().get("token").asString();
        ApiClient.Response renamed =
                ApiClient.admin(port).post("/api/admin", Map.of("id", userId, "email", email, "firstName", "Renamed"));
        assertThat(renamed.status()).as(renamed.text()).isEqualTo(200);
        assertThat(ApiClient.anonymous(port)
                        .withToken(access)
                        .get("/api/auth/user")
                        .status())
                .isEqualTo(200);
    }

    private ApiClient.Response login(String password) {
        ApiClient.Response r = AdminLogins.login(port, AdminLogins.randomAddress(), email, password);
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        return r;
    }
}
