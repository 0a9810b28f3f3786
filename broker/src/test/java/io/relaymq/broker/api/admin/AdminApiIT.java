package io.relaymq.broker.api.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.broker.support.ApiClient;
import io.relaymq.broker.support.RelayMqNodeTest;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/** Admin users: create, list, get, password change, delete, and what may not be done. */
@RelayMqNodeTest
class AdminApiIT {

    @LocalServerPort
    int port;

    private final String run = UUID.randomUUID().toString().substring(0, 8);

    @Test
    void adminUsersCanBeCreatedListedChangedAndDeleted() {
        ApiClient api = ApiClient.admin(port);
        String email = "ops-" + run + "@example.com";
        ApiClient.Response created =
                api.post("/api/admin", Map.of("email", email, "firstName", "Olga", "password", "ops-password-1"));
        assertThat(created.status()).as(created.text()).isEqualTo(200);
        assertThat(created.text()).doesNotContain("ops-password-1").doesNotContain("passwordHash");
        String id = created.body().get("id").asString();
        assertThat(api.get("/api/admin/user/" + id).body().get("email").asString())
                .isEqualTo(email);

        JsonNode page =
                api.get("/api/admin?pageSize=10&page=0&textSearch=" + run).body();
        assertThat(page.get("totalElements").asLong()).isEqualTo(1);
        assertThat(page.get("data").get(0).get("firstName").asString()).isEqualTo("Olga");

        ApiClient ops = ApiClient.anonymous(port).login(email, "ops-password-1");
        ApiClient.Response wrong = ops.post(
                "/api/auth/changePassword", Map.of("currentPassword", "nope", "newPassword", "ops-password-2"));
        assertThat(wrong.status()).isEqualTo(400);
        ApiClient.Response tooShort = ops.post(
                "/api/auth/changePassword", Map.of("currentPassword", "ops-password-1", "newPassword", "short"));
        assertThat(tooShort.status()).isEqualTo(400);
        assertThat(tooShort.body().get("detail").asString()).contains("password must have at least 8 characters");
        assertThat(ops.post(
                                "/api/auth/changePassword",
                                Map.of("currentPassword", "ops-password-1", "newPassword", "ops-password-2"))
                        .status())
                .isEqualTo(200);
        assertThat(ApiClient.anonymous(port)
                        .post("/api/auth/login", Map.of("username", email, "password", "ops-password-1"))
                        .status())
                .isEqualTo(401);
        ApiClient opsAgain = ApiClient.anonymous(port).login(email, "ops-password-2");

        ApiClient.Response duplicate =
                api.post("/api/admin", Map.of("email", email.toUpperCase(), "password", "another-pw-1"));
        assertThat(duplicate.status()).isEqualTo(409);
        ApiClient.Response badEmail =
                api.post("/api/admin", Map.of("email", "not-an-email", "password", "another-pw-1"));
        assertThat(badEmail.status()).isEqualTo(400);
        assertThat(badEmail.body().get("detail").asString()).startsWith("email ");

        assertThat(opsAgain.delete("/api/admin/" + id).body().get("detail").asString())
                .contains("cannot delete itself");
        assertThat(api.delete("/api/admin/" + id).status()).isEqualTo(200);
        assertThat(opsAgain.get("/api/auth/user").status())
                .as("a deleted user's token stops working")
                .isEqualTo(401);
        assertThat(api.get("/api/admin/user/" + id).status()).isEqualTo(404);
    }

    @Test
    void theLastEnabledAdminCannotBeDisabled() {
        ApiClient api = ApiClient.admin(port);
        JsonNode me = api.get("/api/auth/user").body();
        long admins = api.get("/api/admin?pageSize=1&page=0")
                .body()
                .get("totalElements")
                .asLong();
        if (admins == 1) {
            ApiClient.Response disable = api.post(
                    "/api/admin",
                    Map.of(
                            "id",
                            me.get("id").asString(),
                            "email",
                            me.get("email").asString(),
                            "enabled",
                            false));
            assertThat(disable.status()).isEqualTo(409);
        }
        assertThat(api.delete("/api/admin/" + me.get("id").asString()).status()).isEqualTo(400);
    }
}
