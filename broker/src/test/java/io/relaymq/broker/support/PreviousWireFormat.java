package io.relaymq.broker.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Record values written by the build before the wire schema (commit 1df5212), one per line of
 * {@code wire/previous-format.txt} as {@code name=hex}: the {@link WireSamples} values, encoded by that build's
 * codecs. They stand for what a cluster holds in Kafka and Redis when it is upgraded.
 */
public final class PreviousWireFormat {

    private PreviousWireFormat() {}

    /** Every value by name, in file order. */
    public static Map<String, byte[]> all() {
        try (InputStream in = PreviousWireFormat.class.getResourceAsStream("/wire/previous-format.txt")) {
            if (in == null) {
                throw new IllegalStateException("wire/previous-format.txt is missing from the test resources");
            }
            Map<String, byte[]> values = new LinkedHashMap<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.US_ASCII).split("\n")) {
                if (!line.isBlank()) {
                    int eq = line.indexOf('=');
                    values.put(line.substring(0, eq), HexFormat.of().parseHex(line.substring(eq + 1)));
                }
            }
            return values;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The value named {@code name}. */
    public static byte[] of(String name) {
        byte[] value = all().get(name);
        if (value == null) {
            throw new IllegalArgumentException("no previous-format value " + name);
        }
        return value;
    }
}
