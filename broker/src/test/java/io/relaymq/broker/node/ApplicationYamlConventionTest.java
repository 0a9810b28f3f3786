package io.relaymq.broker.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The configuration convention: every value comes from ${ENV_NAME:default} and has a comment above it. */
class ApplicationYamlConventionTest {

    private static final Pattern LEAF = Pattern.compile("^(\\s*)([a-z0-9.-]+):\\s+(\\S.*)$");
    private static final Pattern ENV_VALUE = Pattern.compile("^\"\\$\\{[A-Z][A-Z0-9_]*:[^}]*}\"$");

    @Test
    void everyValueIsAnEnvironmentPlaceholderWithADefaultAndAComment() throws IOException {
        List<String> lines = read();
        List<String> violations = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            var m = LEAF.matcher(lines.get(i));
            if (!m.matches() || m.group(3).startsWith("#")) {
                continue;
            }
            String value = m.group(3).trim();
            if (!ENV_VALUE.matcher(value).matches() && !"{}".equals(value)) {
                violations.add((i + 1) + ": value is not \"${ENV:default}\": "
                        + lines.get(i).trim());
            }
            if (i == 0 || !lines.get(i - 1).trim().startsWith("#")) {
                violations.add((i + 1) + ": no comment above " + m.group(2));
            }
        }
        assertThat(violations).isEmpty();
    }

    private static List<String> read() throws IOException {
        try (InputStream in =
                ApplicationYamlConventionTest.class.getClassLoader().getResourceAsStream("application.yml")) {
            assertThat(in).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }
}
