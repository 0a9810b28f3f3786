package io.relaymq.integration.target.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.integration.target.config.Json;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class HttpSettingsToStringTest {

    private static HttpSettings parse(String json) {
        List<String> problems = new ArrayList<>();
        HttpSettings s = HttpSettings.parse(Json.of(json), problems);
        assertThat(problems).isEmpty();
        return s;
    }

    @Test
    void basicAuthPasswordHeaderValuesAndTheQueryAreLeftOut() {
        HttpSettings s = parse("{'url': 'https://hooks.example.com/in?key=q-secret',"
                + " 'headers': {'X-Api-Key': 'h-secret'},"
                + " 'auth': {'type': 'BASIC', 'username': 'me', 'password': 'pw-secret'}}");

        String text = s.toString();

        assertThat(text).doesNotContain("q-secret").doesNotContain("h-secret").doesNotContain("pw-secret");
        assertThat(text).doesNotContain(s.authorization());
        assertThat(text).contains("https://hooks.example.com/in").contains("X-Api-Key");
    }

    @Test
    void aBearerTokenIsLeftOut() {
        HttpSettings s = parse("{'url': 'http://h.example.com/', 'auth': {'type': 'BEARER', 'token': 'tok-secret'}}");

        assertThat(s.toString()).doesNotContain("tok-secret").contains("authorization=<hidden>");
    }
}
