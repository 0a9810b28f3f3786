package io.relaymq.broker.auth.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relaymq.broker.mqtt.ConnectReject;
import io.relaymq.common.client.ClientType;
import io.relaymq.dao.credentials.AuthRules;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The HTTP provider's request JSON and how answers are read. */
class HttpAuthExchangeTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final HttpAuthConfig CONFIG = HttpAuthConfig.parse(
            "{\"restEndpointUrl\":\"http://auth.example/check\",\"defaultClientType\":\"APPLICATION\","
                    + "\"authRules\":{\"pubAuthRulePatterns\":[\"default/.*\"]}}");

    private static HttpAuthAnswer answer(int status, String body) {
        return HttpAuthExchange.answer(status, body.getBytes(StandardCharsets.UTF_8), CONFIG);
    }

    @Test
    void theRequestCarriesEveryConnectValueEscaped() {
        AuthRequest request = new AuthRequest(
                "dev-\"1\"", "alice", "pä\"ss}".getBytes(StandardCharsets.UTF_8), "10.0.0.7", true, List.of(), 5);
        JsonNode body = JSON.readTree(HttpAuthExchange.requestBody(request, "meter-1"));
        assertThat(body.get("clientId").stringValue()).isEqualTo("dev-\"1\"");
        assertThat(body.get("username").stringValue()).isEqualTo("alice");
        assertThat(body.get("password").stringValue()).isEqualTo("pä\"ss}");
        assertThat(body.get("certificateCn").stringValue()).isEqualTo("meter-1");
        assertThat(body.get("ipAddress").stringValue()).isEqualTo("10.0.0.7");
        assertThat(body.get("protocolVersion").intValue()).isEqualTo(5);
        assertThat(body.get("tls").booleanValue()).isTrue();
    }

    @Test
    void absentValuesAreNull() {
        AuthRequest request = new AuthRequest("c", null, null, "127.0.0.1", false, List.of(), 4);
        JsonNode body = JSON.readTree(HttpAuthExchange.requestBody(request));
        assertThat(body.get("username").isNull()).isTrue();
        assertThat(body.get("password").isNull()).isTrue();
        assertThat(body.get("certificateCn").isNull()).isTrue();
        assertThat(body.get("protocolVersion").intValue()).isEqualTo(4);
    }

    @Test
    void anAllowGivesTheClientTypeAndRulesOfTheAnswer() {
        HttpAuthAnswer allowed = answer(
                200,
                "{\"result\":\"ALLOW\",\"clientType\":\"DEVICE\",\"authRules\":{\"pubAuthRulePatterns\":"
                        + "[\"devices/${clientId}/.*\"],\"subAuthRulePatterns\":[\"cmd/.*\"]},\"extra\":1}");
        assertThat(allowed.result()).isEqualTo(HttpAuthAnswer.Result.ALLOW);
        assertThat(allowed.clientType()).isEqualTo(ClientType.DEVICE);
        assertThat(allowed.rules()).isEqualTo(new AuthRules(List.of("devices/${clientId}/.*"), List.of("cmd/.*")));
    }

    @Test
    void anAllowMayNameThePrincipalAsPrintableTextOfBoundedLength() {
        assertThat(answer(200, "{\"result\":\"ALLOW\",\"principal\":\"tenant-7/dev-9\"}")
                        .principal())
                .isEqualTo("tenant-7/dev-9");
        assertThat(answer(200, "{\"result\":\"ALLOW\"}").principal()).isNull();
        assertThatThrownBy(() -> answer(200, "{\"result\":\"ALLOW\",\"principal\":\"a\\nb\"}"))
                .isInstanceOf(HttpAuthUnavailable.class);
        assertThatThrownBy(() -> answer(200, "{\"result\":\"ALLOW\",\"principal\":\"" + "p".repeat(257) + "\"}"))
                .isInstanceOf(HttpAuthUnavailable.class);
    }

    /** A binary password could only be sent altered: two different ones would look the same to the endpoint. */
    @Test
    void onlyAPasswordThatIsUtf8TextCanBeSent() {
        assertThat(HttpAuthExchange.passwordIsText(new AuthRequest(
                        "c", "u", "pässword".getBytes(StandardCharsets.UTF_8), "127.0.0.1", false, List.of(), 5)))
                .isTrue();
        assertThat(HttpAuthExchange.passwordIsText(
                        new AuthRequest("c", "u", new byte[] {(byte) 0xff, 0x41}, "127.0.0.1", false, List.of(), 5)))
                .isFalse();
        assertThat(HttpAuthExchange.passwordIsText(new AuthRequest("c", "u", null, "127.0.0.1", false, List.of(), 5)))
                .isTrue();
    }

    @Test
    void anAllowWithoutTypeOrRulesGetsTheConfiguredDefaults() {
        HttpAuthAnswer allowed = answer(200, "{\"result\":\"allow\"}");
        assertThat(allowed.clientType()).isEqualTo(ClientType.APPLICATION);
        assertThat(allowed.rules()).isEqualTo(CONFIG.authRules());
    }

    @Test
    void tbmqsResultNamesAreUnderstood() {
        assertThat(answer(200, "{\"result\":\"SUCCESS\"}").result()).isEqualTo(HttpAuthAnswer.Result.ALLOW);
        assertThat(answer(200, "{\"result\":\"FAILURE\"}").result()).isEqualTo(HttpAuthAnswer.Result.DENY);
        assertThat(answer(200, "{\"result\":\"SKIPPED\"}").result()).isEqualTo(HttpAuthAnswer.Result.IGNORE);
    }

    @Test
    void denialsCarryTheirReasonCodeAndACleanedReason() {
        HttpAuthAnswer denied = answer(200, "{\"result\":\"DENY\",\"reason\":\"locked\\nout" + "x".repeat(500) + "\"}");
        assertThat(denied.result()).isEqualTo(HttpAuthAnswer.Result.DENY);
        assertThat(denied.reject()).isEqualTo(ConnectReject.NOT_AUTHORIZED);
        assertThat(denied.reason()).contains("locked out").doesNotContain("\n");
        assertThat(denied.reason().length()).isLessThan(HttpAuthExchange.MAX_REASON_LENGTH + 50);
        assertThat(answer(401, "").reject()).isEqualTo(ConnectReject.BAD_CREDENTIALS);
        assertThat(answer(403, "whatever").reject()).isEqualTo(ConnectReject.NOT_AUTHORIZED);
    }

    @Test
    void unusableAnswersMeanTheEndpointIsDown() {
        for (String body : List.of(
                "",
                "not json",
                "[]",
                "\"ALLOW\"",
                "{}",
                "{\"result\":\"MAYBE\"}",
                "{\"result\":1}",
                "{\"result\":\"ALLOW\",\"clientType\":\"ROBOT\"}",
                "{\"result\":\"ALLOW\",\"authRules\":[]}",
                "{\"result\":\"ALLOW\",\"authRules\":{\"pubAuthRulePatterns\":\"a\"}}",
                "{\"result\":\"ALLOW\",\"authRules\":{\"pubAuthRulePatterns\":[1]}}",
                "{\"result\":\"ALLOW\",\"authRules\":{\"pubAuthRulePatterns\":[\"(\"]}}")) {
            assertThatThrownBy(() -> answer(200, body)).as(body).isInstanceOf(HttpAuthUnavailable.class);
        }
        assertThatThrownBy(() -> answer(500, "{\"result\":\"ALLOW\"}")).isInstanceOf(HttpAuthUnavailable.class);
        assertThatThrownBy(() -> answer(302, "")).isInstanceOf(HttpAuthUnavailable.class);
    }

    @Test
    void ruleCountsAndLengthsAreCapped() {
        String many = String.join(",", Collections.nCopies(257, "\"a\""));
        assertThatThrownBy(() ->
                        answer(200, "{\"result\":\"ALLOW\",\"authRules\":{\"subAuthRulePatterns\":[" + many + "]}}"))
                .isInstanceOf(HttpAuthUnavailable.class);
        String longPattern = "a".repeat(1025);
        assertThatThrownBy(() -> answer(
                        200,
                        "{\"result\":\"ALLOW\",\"authRules\":{\"pubAuthRulePatterns\":[\"" + longPattern + "\"]}}"))
                .isInstanceOf(HttpAuthUnavailable.class);
    }
}
