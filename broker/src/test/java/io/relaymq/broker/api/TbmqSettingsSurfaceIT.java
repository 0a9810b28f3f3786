package io.relaymq.broker.api;

import static io.relaymq.broker.api.TbmqShapes.has;
import static io.relaymq.broker.api.TbmqShapes.object;
import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.broker.support.ApiClient;
import io.relaymq.broker.support.BrokerProcess;
import io.relaymq.broker.support.RelayMqNodeTest;
import io.relaymq.dao.admin.AdminSettingsRepository;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Walks TBMQ's admin settings, security settings, password policy and user token paths with their body
 * shapes, and reads what one node saved through a second node (its own JVM on the same PostgreSQL).
 */
@RelayMqNodeTest
class TbmqSettingsSurfaceIT {

    private static final String[] KEYS = {
        "general", "mail", "connectivity", "websocket", "securitySettings", "mqttAuthorization"
    };
    private static final String[] POLICY_FIELDS = {
        "minimumLength",
        "maximumLength",
        "minimumUppercaseLetters",
        "minimumLowercaseLetters",
        "minimumDigits",
        "minimumSpecialCharacters",
        "allowWhitespaces",
        "forceUserToResetPasswordIfNotValid",
        "passwordExpirationPeriodDays",
        "passwordReuseFrequencyDays"
    };
    private static BrokerProcess other;

    @LocalServerPort
    int port;

    @Autowired
    AdminSettingsRepository stored;

    private ApiClient api;
    private final String run = UUID.randomUUID().toString().substring(0, 8);

    @BeforeAll
    static void startSecondNode(StackEndpoints stack) throws Exception {
        other = BrokerProcess.start("settings-b", stack).awaitReady();
    }

    @AfterAll
    static void stopSecondNode() {
        BrokerProcess.closeAll(other);
    }

    @BeforeEach
    void login() {
        api = ApiClient.admin(port);
    }

    @Test
    void everyKnownSettingHasTbmqsShapeAndNothingElseIsServed() {
        for (String key : KEYS) {
            JsonNode setting = object(api.get("/api/admin/settings/" + key), "id", "createdTime", "key", "jsonValue");
            assertThat(setting.get("key").asString()).isEqualTo(key);
            assertThat(setting.get("jsonValue").isObject()).isTrue();
        }
        has(api.get("/api/admin/settings/connectivity").body().get("jsonValue"), "mqtt", "mqtts", "ws", "wss");
        has(api.get("/api/admin/settings/websocket").body().get("jsonValue"), "isLoggingEnabled", "maxMessages");
        assertThat(api.get("/api/admin/settings/jwt").status())
                .as("the JWT signing key")
                .isEqualTo(404);
        assertThat(api.get("/api/admin/settings/unknown").status()).isEqualTo(404);
        assertThat(ApiClient.anonymous(port).get("/api/admin/settings/general").status())
                .isEqualTo(401);
    }

    @Test
    void aSavedSettingIsAnsweredAndReadBackThroughTheOtherNode() {
        JsonNode before = api.get("/api/admin/settings/websocket").body();
        Map<String, Object> body = setting(before.get("id").asString(), "websocket", Map.of("maxMessages", 77));

        JsonNode saved = object(api.post("/api/admin/settings", body), "id", "createdTime", "key", "jsonValue");

        assertThat(saved.get("id").asString()).isEqualTo(before.get("id").asString());
        assertThat(saved.get("createdTime").asLong())
                .isEqualTo(before.get("createdTime").asLong());
        assertThat(saved.get("jsonValue").get("maxMessages").asInt()).isEqualTo(77);
        JsonNode there = ApiClient.admin(other.httpPort())
                .get("/api/admin/settings/websocket")
                .body();
        assertThat(there.get("jsonValue")).isEqualTo(saved.get("jsonValue"));
        api.post("/api/admin/settings", setting(null, "websocket", before.get("jsonValue")));
    }

    @Test
    void theMailPasswordIsKeptButNeverAnswered() {
        String secret = "smtp-secret-" + run;
        Map<String, Object> mail = new LinkedHashMap<>();
        mail.put("mailFrom", "RelayMQ <relaymq@localhost>");
        mail.put("smtpProtocol", "smtp");
        mail.put("smtpHost", "localhost");
        mail.put("smtpPort", "2525");
        mail.put("timeout", "5000");
        mail.put("username", "relaymq");
        mail.put("password", secret);

        ApiClient.Response saved = api.post("/api/admin/settings", setting(null, "mail", mail));
        assertThat(saved.status()).as(saved.text()).isEqualTo(200);
        assertThat(saved.text()).doesNotContain(secret).doesNotContain("\"password\"");

        mail.remove("password");
        mail.put("timeout", "6000");
        assertThat(api.post("/api/admin/settings", setting(null, "mail", mail)).status())
                .isEqualTo(200);
        ApiClient.Response read = api.get("/api/admin/settings/mail");
        assertThat(read.text()).doesNotContain(secret).doesNotContain("\"password\"");
        assertThat(read.body().get("jsonValue").get("timeout").asString()).isEqualTo("6000");
        assertThat(stored.find("mail").orElseThrow()).as("kept for sending").contains(secret);
    }

    @Test
    void badSettingsAreRefusedWithAReason() {
        assertRefused(setting(null, "jwt", Map.of()), "key must be one of");
        assertRefused(setting(null, "general", "text"), "jsonValue must be a JSON object");
        assertRefused(setting(null, "general", Map.of("big", "x".repeat(70_000))), "at most 65536 characters");
        assertRefused(setting(UUID.randomUUID().toString(), "general", Map.of()), "id is not the id");
        assertRefused(
                setting(null, "connectivity", Map.of("mqtt", Map.of("enabled", true, "host", "bad host!"))),
                "host is not a valid host name");
        assertRefused(setting(null, "mail", Map.of("smtpPort", "70000")), "smtpPort must be between 1 and 65535");
        assertRefused(
                setting(null, "securitySettings", Map.of("passwordPolicy", Map.of("minimumLength", -1))),
                "minimumLength must be between 1 and 72");
    }

    @Test
    void thePasswordPolicyIsServedCheckedAndEnforcedOnEveryNode() {
        JsonNode original = object(api.get("/api/admin/securitySettings"), "passwordPolicy");
        has(original.get("passwordPolicy"), POLICY_FIELDS);
        has(object(ApiClient.anonymous(port).get("/api/noauth/userPasswordPolicy")), POLICY_FIELDS);
        ApiClient.Response impossible = api.post(
                "/api/admin/securitySettings",
                Map.of("passwordPolicy", Map.of("minimumLength", 20, "maximumLength", 10)));
        assertThat(impossible.status()).isEqualTo(400);
        assertThat(impossible.body().get("detail").asString()).contains("above maximumLength");
        try {
            JsonNode strict = object(
                    api.post(
                            "/api/admin/securitySettings",
                            Map.of(
                                    "passwordPolicy",
                                    Map.of(
                                            "minimumLength", 10,
                                            "minimumUppercaseLetters", 1,
                                            "minimumDigits", 1,
                                            "minimumSpecialCharacters", 1,
                                            "allowWhitespaces", false))),
                    "passwordPolicy");
            has(strict.get("passwordPolicy"), POLICY_FIELDS);
            assertThat(strict.get("passwordPolicy").get("maximumLength").asInt())
                    .isEqualTo(72);
            JsonNode there = ApiClient.anonymous(other.httpPort())
                    .get("/api/noauth/userPasswordPolicy")
                    .body();
            assertThat(there.get("minimumLength").asInt())
                    .as("read on the other node")
                    .isEqualTo(10);

            String email = "policy-" + run + "@relaymq.io";
            ApiClient.Response weak = api.post("/api/admin", Map.of("email", email, "password", "weak password"));
            assertThat(weak.status()).isEqualTo(400);
            assertThat(weak.body().get("detail").asString())
                    .contains("at least 1 upper-case letter(s)", "at least 1 digit(s)", "must not contain whitespace");
            JsonNode user = object(api.post("/api/admin", Map.of("email", email, "password", "Strong-Pass1")), "id");
            ApiClient self = ApiClient.anonymous(other.httpPort()).login(email, "Strong-Pass1");
            ApiClient.Response change = self.post(
                    "/api/auth/changePassword",
                    Map.of("currentPassword", "Strong-Pass1", "newPassword", "no-upper-case-1"));
            assertThat(change.status()).as("changed through the other node").isEqualTo(400);
            assertThat(change.body().get("detail").asString()).contains("upper-case");
            assertThat(self.post(
                                    "/api/auth/changePassword",
                                    Map.of("currentPassword", "Strong-Pass1", "newPassword", "Stronger-Pass2"))
                            .status())
                    .isEqualTo(200);
            api.delete("/api/admin/" + user.get("id").asString());
        } finally {
            api.post("/api/admin/securitySettings", original);
        }
        assertThat(api.get("/api/admin/securitySettings").body()).isEqualTo(original);
    }

    @Test
    void userTokenAccessIsOff() {
        assertThat(api.get("/api/admin/user/tokenAccessEnabled").text()).isEqualTo("false");
        JsonNode me = api.get("/api/auth/user").body();
        ApiClient.Response token = api.get("/api/admin/user/" + me.get("id").asString() + "/token");
        assertThat(token.status()).isEqualTo(403);
        assertThat(token.body().get("detail").asString()).contains("user token access is disabled");
        assertThat(ApiClient.anonymous(port)
                        .get("/api/admin/user/" + me.get("id").asString() + "/token")
                        .status())
                .isEqualTo(401);
    }

    private void assertRefused(Map<String, Object> body, String reason) {
        ApiClient.Response response = api.post("/api/admin/settings", body);
        assertThat(response.status()).as(response.text()).isEqualTo(400);
        assertThat(response.body().get("detail").asString()).contains(reason);
    }

    private static Map<String, Object> setting(String id, String key, Object value) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("id", id);
        body.put("key", key);
        body.put("jsonValue", value);
        return body;
    }
}
