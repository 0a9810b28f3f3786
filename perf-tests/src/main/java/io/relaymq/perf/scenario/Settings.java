package io.relaymq.perf.scenario;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

/**
 * Raw {@code key=value} settings: a properties file named by {@code --config=FILE}, then {@code --key=value}
 * flags, which win. Keys are checked against the known ones so a typo fails loudly instead of silently
 * running the defaults.
 */
public final class Settings {

    private final Map<String, String> values;

    private Settings(Map<String, String> values) {
        this.values = Map.copyOf(values);
    }

    public static Settings of(Map<String, String> values) {
        return new Settings(values);
    }

    /** Reads {@code --config=FILE} first (if given), then every {@code --key=value} flag. */
    public static Settings fromArgs(String[] args, Set<String> known) throws IOException {
        Map<String, String> flags = new LinkedHashMap<>();
        for (String arg : args) {
            if (!arg.startsWith("--") || arg.indexOf('=') < 3) {
                throw new IllegalArgumentException("arguments are --key=value, got: " + arg);
            }
            int eq = arg.indexOf('=');
            flags.put(arg.substring(2, eq), arg.substring(eq + 1));
        }
        Map<String, String> merged = new LinkedHashMap<>();
        String file = flags.remove("config");
        if (file != null) {
            Properties properties = new Properties();
            try (Reader reader = Files.newBufferedReader(Path.of(file))) {
                properties.load(reader);
            }
            properties
                    .stringPropertyNames()
                    .forEach(k -> merged.put(k, properties.getProperty(k).trim()));
        }
        merged.putAll(flags);
        Set<String> unknown = new TreeSet<>(merged.keySet());
        unknown.removeAll(known);
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("unknown settings " + unknown + "; known: " + new TreeSet<>(known));
        }
        return new Settings(merged);
    }

    public String string(String key, String fallback) {
        return values.getOrDefault(key, fallback);
    }

    public int integer(String key, int fallback) {
        String value = values.get(key);
        try {
            return value == null ? fallback : Integer.parseInt(value.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be a whole number: " + value);
        }
    }

    public double decimal(String key, double fallback) {
        String value = values.get(key);
        try {
            return value == null ? fallback : Double.parseDouble(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be a number: " + value);
        }
    }

    public boolean flag(String key, boolean fallback) {
        String value = values.get(key);
        if (value == null) {
            return fallback;
        }
        if (!value.equals("true") && !value.equals("false")) {
            throw new IllegalArgumentException(key + " must be true or false: " + value);
        }
        return Boolean.parseBoolean(value);
    }
}
