package io.relaymq.broker.api.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.broker.api.ApiProperties;
import io.relaymq.broker.support.ApiClient;
import io.relaymq.broker.support.RelayMqNodeTest;
import io.relaymq.dao.admin.AdminUser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/** Login, tokens, refresh, failures, throttling, and what is open without a token. */
@RelayMqNodeTest
class ApiAuthIT {

    @LocalServerPort
    int port;

    @Test
    void loginGivesATokenAcceptedInEitherHeader() {
        ApiClient.Response login = ApiClient.anonymous(port)
                .post(
                        "/api/auth/login",
                        Map.of("username", ApiClient.ADMIN_EMAIL, "password", ApiClient.ADMIN_PASSWORD));
        assertThat(login.status()).isEqualTo(200);
        String token = login.body().get("token").asString();
        assertThat(login.body().get("refreshToken").asString()).isNotBlank();

        ApiClient.Response viaX = ApiClient.anonymous(port).withToken(token).get("/api/auth/user");
        assertThat(viaX.status()).isEqualTo(200);
        assertThat(viaX.body().get("email").asString()).isEqualTo(ApiClient.ADMIN_EMAIL);
        assertThat(viaX.body().get("authority").asString()).isEqualTo("SYS_ADMIN");
        assertThat(viaX.text()).doesNotContain("password");

        ApiClient.Response viaAuthorization = ApiClient.anonymous(port)
                .send(ApiClient.anonymous(port)
                        .request("/api/auth/user")
                        .header("Authorization", "Bearer " + token)
                        .GET());
        assertThat(viaAuthorization.status()).isEqualTo(200);
    }

    @Test
    void requestsWithoutAValidTokenAreRefusedWithAProblem() {
        ApiClient.Response none = ApiClient.anonymous(port).get("/api/mqtt/client/credentials?pageSize=10&page=0");
        assertThat(none.status()).isEqualTo(401);
        assertThat(none.header("Content-Type")).startsWith("application/problem+json");
        assertThat(none.body().get("detail").asString()).contains("authentication required");

        String token = ApiClient.anonymous(port)
                .post(
                        "/api/auth/login",
                        Map.of("username", ApiClient.ADMIN_EMAIL, "password", ApiClient.ADMIN_PASSWORD))
                .body()
                .get("token")
                .asString();
        String[] parts = token.split("\\.");
        String otherPayload = Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString(new String(Base64.getUrlDecoder().decode(parts[1]))
                        .replace("SYS_ADMIN", "SYS_ADMIX")
                        .getBytes());
        ApiClient.Response tampered = ApiClient.anonymous(port)
                .withToken(parts[0] + "." + otherPayload + "." + parts[2])
                .get("/api/auth/user");
        assertThat(tampered.status()).isEqualTo(401);
        assertThat(tampered.body().get("detail").asString()).isEqualTo("invalid token signature");

        assertThat(ApiClient.anonymous(port)
                        .withToken("not-a-jwt")
                        .get("/api/auth/user")
                        .body()
                        .get("detail")
                        .asString())
                .isEqualTo("malformed token");
    }

    @Test
    void anExpiredTokenIsRefused() {
        AdminUser admin = new AdminUser(adminId(), 0, ApiClient.ADMIN_EMAIL, null, null, "SYS_ADMIN", "x", true, 0);
        Clock dayAgo = Clock.fixed(Instant.now().minus(Duration.ofDays(1)), ZoneOffset.UTC);
        JwtTokens issuer = new JwtTokens(
                Base64.getDecoder().decode(ApiClient.SIGNING_KEY),
                new ApiProperties.Jwt(ApiClient.SIGNING_KEY, Duration.ofHours(1), Duration.ofHours(2), "relaymq"),
                dayAgo);
        String expired = issuer.issue(admin, UUID.randomUUID()).token();

        ApiClient.Response r = ApiClient.anonymous(port).withToken(expired).get("/api/auth/user");
        assertThat(r.status()).isEqualTo(401);
        assertThat(r.body().get("detail").asString()).isEqualTo("token expired");
    }

    @Test
    void aRefreshTokenGetsNewTokensButIsNoAccessToken() {
        ApiClient.Response login = ApiClient.anonymous(port)
                .post(
                        "/api/auth/login",
                        Map.of("username", ApiClient.ADMIN_EMAIL, "password", ApiClient.ADMIN_PASSWORD));
        String refresh = login.body().get("refreshToken").asString();

        assertThat(ApiClient.anonymous(port)
                        .withToken(refresh)
                        .get("/api/auth/user")
                        .status())
                .isEqualTo(401);
        ApiClient.Response renewed = ApiClient.anonymous(port).post("/api/auth/token", Map.of("refreshToken", refresh));
        assertThat(renewed.status()).isEqualTo(200);
        assertThat(ApiClient.anonymous(port)
                        .withToken(renewed.body().get("token").asString())
                        .get("/api/auth/user")
                        .status())
                .isEqualTo(200);

        String access = login.body().get("token").asString();
        assertThat(ApiClient.anonymous(port)
                        .post("/api/auth/token", Map.of("refreshToken", access))
                        .status())
                .isEqualTo(401);
    }

    @Test
    void aLogoutEndsTheLoginsRefreshTokensForItsOwnUserOnly() {
        ApiClient.Response login = ApiClient.anonymous(port)
                .post(
                        "/api/auth/login",
                        Map.of("username", ApiClient.ADMIN_EMAIL, "password", ApiClient.ADMIN_PASSWORD));
        String refresh = login.body().get("refreshToken").asString();
        ApiClient.Response renewed = ApiClient.anonymous(port).post("/api/auth/token", Map.of("refreshToken", refresh));
        String renewedRefresh = renewed.body().get("refreshToken").asString();
        ApiClient admin =
                ApiClient.anonymous(port).withToken(renewed.body().get("token").asString());

        assertThat(ApiClient.anonymous(port)
                        .post("/api/auth/logout", Map.of("refreshToken", renewedRefresh))
                        .status())
                .as("logout needs the access token")
                .isEqualTo(401);
        String otherUser = "logout-" + UUID.randomUUID().toString().substring(0, 8) + "@example.com";
        assertThat(admin.post("/api/admin", Map.of("email", otherUser, "password", "logout-pw-1"))
                        .status())
                .isEqualTo(200);
        ApiClient other = ApiClient.anonymous(port).login(otherUser, "logout-pw-1");
        assertThat(other.post("/api/auth/logout", Map.of("refreshToken", renewedRefresh))
                        .status())
                .as("another user's login cannot be ended")
                .isEqualTo(401);
        assertThat(admin.post("/api/auth/logout", Map.of("refreshToken", renewedRefresh))
                        .status())
                .isEqualTo(200);

        assertThat(ApiClient.anonymous(port)
                        .post("/api/auth/token", Map.of("refreshToken", renewedRefresh))
                        .status())
                .as("the login's refresh token no longer works")
                .isEqualTo(401);
        String otherId = admin.get("/api/admin?pageSize=1&page=0&textSearch=" + otherUser)
                .body()
                .get("data")
                .get(0)
                .get("id")
                .asString();
        assertThat(admin.delete("/api/admin/" + otherId).status()).isEqualTo(200);
    }

    @Test
    void failedLoginsAreLimitedPerUserName() {
        ApiClient anonymous = ApiClient.anonymous(port);
        String user = "nobody-" + UUID.randomUUID() + "@example.com";
        for (int i = 0; i < 5; i++) {
            ApiClient.Response r =
                    anonymous.post("/api/auth/login", Map.of("username", user, "password", "wrong-" + i));
            assertThat(r.status()).isEqualTo(401);
            assertThat(r.body().get("detail").asString()).isEqualTo("wrong user name or password");
        }
        ApiClient.Response locked = anonymous.post("/api/auth/login", Map.of("username", user, "password", "wrong"));
        assertThat(locked.status()).isEqualTo(429);
        assertThat(locked.header("Retry-After")).isEqualTo("60");

        // only that user name from this address is locked: another user logs in from here at once
        // (LoginThrottleAcrossNodesIT shows the lock ending)
        assertThat(anonymous
                        .post(
                                "/api/auth/login",
                                Map.of("username", ApiClient.ADMIN_EMAIL, "password", ApiClient.ADMIN_PASSWORD))
                        .status())
                .isEqualTo(200);
    }

    @Test
    void loginBodiesAreValidated() {
        ApiClient.Response r =
                ApiClient.anonymous(port).post("/api/auth/login", Map.of("username", ApiClient.ADMIN_EMAIL));
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.body().get("detail").asString()).contains("password must not be blank");
        assertThat(ApiClient.anonymous(port)
                        .post("/api/auth/login", "{not json")
                        .status())
                .isEqualTo(400);
    }

    @Test
    void healthAndPrometheusAreOpenOtherActuatorEndpointsAreNot() {
        ApiClient anonymous = ApiClient.anonymous(port);
        assertThat(anonymous.get("/actuator/health").status()).isEqualTo(200);
        assertThat(anonymous.get("/actuator/health/readiness").status()).isEqualTo(200);
        assertThat(anonymous.get("/actuator/prometheus").text()).contains("relaymq_");
        assertThat(anonymous.get("/actuator/info").status()).isEqualTo(401);
        assertThat(ApiClient.admin(port).get("/actuator/info").status()).isEqualTo(200);
        assertThat(anonymous.get("/somewhere/else").status()).isIn(401, 403);
    }

    @Test
    void theOpenApiDocumentIsServedAndWrittenToTheBuildOutput() throws Exception {
        ApiClient.Response docs = ApiClient.anonymous(port).get("/v3/api-docs");
        assertThat(docs.status()).isEqualTo(200);
        assertThat(docs.body().get("paths").propertyNames())
                .contains(
                        "/api/auth/login",
                        "/api/mqtt/client/credentials",
                        "/api/client-session",
                        "/api/retained-msg",
                        "/api/app/cluster-info");
        Files.writeString(Path.of("target", "openapi.json"), docs.text());
        assertThat(ApiClient.anonymous(port).get("/swagger-ui/index.html").status())
                .isEqualTo(200);
    }

    private UUID adminId() {
        return UUID.fromString(
                ApiClient.admin(port).get("/api/auth/user").body().get("id").asString());
    }
}
