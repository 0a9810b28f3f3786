package io.relaymq.integration.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class RetrySettingsTest {

    private final JsonMapper mapper = JsonMapper.builder().build();

    private JsonNode config(String json) {
        return mapper.readTree(json);
    }

    @Test
    void noRetryObjectMeansTheDefaults() {
        assertThat(RetrySettings.of(config("{\"url\":\"x\"}"))).isEqualTo(RetrySettings.DEFAULT);
        assertThat(RetrySettings.DEFAULT.maxAttempts()).isEqualTo(5);
        assertThat(RetrySettings.DEFAULT.initialBackoff()).isEqualTo(Duration.ofMillis(500));
        assertThat(RetrySettings.DEFAULT.maxBackoff()).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void givenValuesAreRead() {
        RetrySettings s = RetrySettings.of(
                config("{\"retry\":{\"maxAttempts\":3,\"initialBackoffMs\":20,\"maxBackoffMs\":100}}"));

        assertThat(s).isEqualTo(new RetrySettings(3, Duration.ofMillis(20), Duration.ofMillis(100)));
    }

    @Test
    void backOffDoublesUpToTheMaximum() {
        RetrySettings s = new RetrySettings(10, Duration.ofMillis(500), Duration.ofMillis(3000));

        assertThat(s.backoff(1)).isEqualTo(Duration.ofMillis(500));
        assertThat(s.backoff(2)).isEqualTo(Duration.ofMillis(1000));
        assertThat(s.backoff(3)).isEqualTo(Duration.ofMillis(2000));
        assertThat(s.backoff(4)).isEqualTo(Duration.ofMillis(3000));
        assertThat(s.backoff(60)).isEqualTo(Duration.ofMillis(3000));
    }

    @Test
    void eachLimitIsChecked() {
        assertThat(RetrySettings.problems(config("{\"retry\":{\"maxAttempts\":0}}")))
                .singleElement()
                .asString()
                .contains("retry.maxAttempts");
        assertThat(RetrySettings.problems(config("{\"retry\":{\"maxAttempts\":101}}")))
                .hasSize(1);
        assertThat(RetrySettings.problems(config("{\"retry\":{\"initialBackoffMs\":9}}")))
                .singleElement()
                .asString()
                .contains("retry.initialBackoffMs");
        assertThat(RetrySettings.problems(config("{\"retry\":{\"initialBackoffMs\":60001,\"maxBackoffMs\":90000}}")))
                .hasSize(1);
        assertThat(RetrySettings.problems(config("{\"retry\":{\"maxBackoffMs\":600001}}")))
                .singleElement()
                .asString()
                .contains("retry.maxBackoffMs");
        assertThat(RetrySettings.problems(config("{\"retry\":{\"initialBackoffMs\":1000,\"maxBackoffMs\":500}}")))
                .singleElement()
                .asString()
                .contains("must not be below");
    }

    @Test
    void wrongShapesAreRefused() {
        assertThat(RetrySettings.problems(config("{\"retry\":5}"))).containsExactly("retry: must be an object");
        assertThat(RetrySettings.problems(config("{\"retry\":{\"maxAttempts\":\"5\"}}")))
                .hasSize(1);
        assertThat(RetrySettings.problems(config("{\"retry\":{\"maxAttempts\":2.5}}")))
                .hasSize(1);
        assertThat(RetrySettings.problems(config("{\"retry\":{\"tries\":3}}")))
                .singleElement()
                .asString()
                .contains("unknown field \"tries\"");
        assertThatThrownBy(() -> RetrySettings.of(config("{\"retry\":{\"maxAttempts\":-1}}")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("retry.maxAttempts");
    }
}
