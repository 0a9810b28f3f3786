package io.relaymq.integration.target.kafka;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Checks a Kafka bootstrap list: {@code host:port} entries separated by commas. */
final class BootstrapServers {

    static final int MAX_ENTRIES = 32;
    private static final Pattern ENTRY = Pattern.compile(
            "(?:([A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?)|\\[([0-9A-Fa-f:.]{2,45})]):(\\d{1,5})");

    private BootstrapServers() {}

    /** Why {@code list} is not a bootstrap list, or empty when it is one. */
    static Optional<String> problem(String list) {
        String[] entries = list.split(",", -1);
        if (entries.length > MAX_ENTRIES) {
            return Optional.of("must list at most " + MAX_ENTRIES + " servers");
        }
        for (String entry : entries) {
            Matcher m = ENTRY.matcher(entry.strip());
            if (!m.matches()) {
                return Optional.of("'" + entry.strip() + "' is not host:port (a host name, an IPv4 address or"
                        + " an [IPv6] address, then a port)");
            }
            int port = Integer.parseInt(m.group(3));
            if (port < 1 || port > 65535) {
                return Optional.of("'" + entry.strip() + "' has a port outside 1..65535");
            }
        }
        return Optional.empty();
    }
}
