package io.relaymq.broker.api.credentials;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.broker.support.ApiClient;
import io.relaymq.broker.support.RelayMqNodeTest;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/** The console's topic test: the broker's own rule check, with placeholders, and refusals of bad input. */
@RelayMqNodeTest
class RulesCheckIT {

    private static final String PATH = "/api/mqtt/client/credentials/rules/check";

    @LocalServerPort
    int port;

    private ApiClient api;

    @BeforeEach
    void login() {
        api = ApiClient.admin(port);
    }

    @Test
    void publishAndSubscribeAreDecidedSeparatelyOnTheWholeTopic() {
        Map<String, Object> rules =
                Map.of("pubAuthRulePatterns", List.of("sensors/.*"), "subAuthRulePatterns", List.of("commands/\\d+"));

        assertThat(check(rules, "sensors/7/temp")).isEqualTo(Map.of("publish", true, "subscribe", false));
        assertThat(check(rules, "commands/12")).isEqualTo(Map.of("publish", false, "subscribe", true));
        // the pattern must match the whole topic, not a part of it
        assertThat(check(rules, "x/sensors/7")).isEqualTo(Map.of("publish", false, "subscribe", false));
        assertThat(check(rules, "commands/12/more")).isEqualTo(Map.of("publish", false, "subscribe", false));
    }

    @Test
    void placeholdersTakeTheGivenValuesLiterally() {
        Map<String, Object> rules = new HashMap<>(Map.of(
                "pubAuthRulePatterns", List.of("devices/${clientId}/.*"),
                "subAuthRulePatterns", List.of("users/${username}/#")));
        rules.put("clientId", "meter-1");
        rules.put("username", "ann");

        assertThat(check(rules, "devices/meter-1/up").get("publish")).isTrue();
        assertThat(check(rules, "devices/meter-2/up").get("publish")).isFalse();
        assertThat(check(rules, "users/ann/#").get("subscribe")).isTrue();

        rules.put("clientId", ".*");
        assertThat(check(rules, "devices/meter-1/up").get("publish")).isFalse();
        assertThat(check(rules, "devices/.*/up").get("publish")).isTrue();

        rules.remove("clientId");
        assertThat(check(rules, "devices/meter-1/up").get("publish")).isFalse();
    }

    @Test
    void nobodyMayPublishToSysAndOnlyARuleNamingItSubscribes() {
        Map<String, Object> all = Map.of("pubAuthRulePatterns", List.of(".*"), "subAuthRulePatterns", List.of(".*"));
        assertThat(check(all, "$SYS/relaymq/x")).isEqualTo(Map.of("publish", false, "subscribe", false));

        Map<String, Object> sys = Map.of("pubAuthRulePatterns", List.of(), "subAuthRulePatterns", List.of("\\$SYS/.*"));
        assertThat(check(sys, "$SYS/relaymq/x").get("subscribe")).isTrue();
    }

    @Test
    void badInputIsRefusedWithTheReason() {
        ApiClient.Response invalid = api.post(
                PATH,
                Map.of("pubAuthRulePatterns", List.of("sensors/(.*"), "subAuthRulePatterns", List.of(), "topic", "a"));
        assertThat(invalid.status()).isEqualTo(400);
        assertThat(invalid.body().get("detail").asString()).contains("invalid rule pattern 'sensors/(.*'");

        ApiClient.Response noTopic = api.post(PATH, Map.of("pubAuthRulePatterns", List.of(".*")));
        assertThat(noTopic.status()).isEqualTo(400);

        ApiClient.Response tooMany =
                api.post(PATH, Map.of("pubAuthRulePatterns", Collections.nCopies(257, "a"), "topic", "a"));
        assertThat(tooMany.status()).isEqualTo(400);

        ApiClient.Response nullPattern = api.post(PATH, "{\"pubAuthRulePatterns\": [\"a\", null], \"topic\": \"a\"}");
        assertThat(nullPattern.status()).isEqualTo(400);

        ApiClient.Response longPattern =
                api.post(PATH, Map.of("pubAuthRulePatterns", List.of("a".repeat(1025)), "topic", "a"));
        assertThat(longPattern.status()).isEqualTo(400);

        ApiClient.Response anonymous = ApiClient.anonymous(port).post(PATH, Map.of("topic", "a"));
        assertThat(anonymous.status()).isEqualTo(401);
    }

    private Map<String, Boolean> check(Map<String, Object> rules, String topic) {
        Map<String, Object> body = new HashMap<>(rules);
        body.put("topic", topic);
        ApiClient.Response r = api.post(PATH, body);
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        return Map.of(
                "publish", r.body().get("publishAllowed").asBoolean(),
                "subscribe", r.body().get("subscribeAllowed").asBoolean());
    }
}
