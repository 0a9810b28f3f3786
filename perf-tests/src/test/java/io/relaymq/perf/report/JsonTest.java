package io.relaymq.perf.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTest {

    @Test
    void writesNestedValuesInOrder() {
        Map<String, Object> inner = new LinkedHashMap<>();
        inner.put("p99", 12.3456);
        inner.put("count", 10L);
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("target", "relay\"mq\n");
        json.put("ok", true);
        json.put("latency", inner);
        json.put("ports", List.of(1883, 1884));
        json.put("none", null);

        String text = Json.write(json).replaceAll("\\s+", "");

        assertThat(text)
                .isEqualTo("{\"target\":\"relay\\\"mq\\n\",\"ok\":true,\"latency\":{\"p99\":12.346,\"count\":10},"
                        + "\"ports\":[1883,1884],\"none\":null}");
    }

    @Test
    void numbersThatAreNotFiniteBecomeNullAndWholeDoublesLoseTheirPoint() {
        assertThat(Json.write(Arrays.asList(Double.NaN, 3.0, 0.5, Double.POSITIVE_INFINITY)))
                .isEqualTo("[null, 3, 0.5, null]");
    }

    @Test
    void controlCharactersAreEscaped() {
        assertThat(Json.write("a\u0001b")).isEqualTo("\"a\\u0001b\"");
    }

    @Test
    void unknownTypesAreRefused() {
        assertThatThrownBy(() -> Json.write(new Object())).isInstanceOf(IllegalArgumentException.class);
    }
}
