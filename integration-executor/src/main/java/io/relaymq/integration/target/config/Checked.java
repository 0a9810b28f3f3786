package io.relaymq.integration.target.config;

import java.util.List;

/**
 * Settings read from a configuration, with the problems found on the way; the settings are only fit for use
 * when there are none.
 */
public record Checked<T>(T settings, List<String> problems) {

    public Checked {
        problems = List.copyOf(problems);
    }

    public boolean valid() {
        return problems.isEmpty();
    }
}
