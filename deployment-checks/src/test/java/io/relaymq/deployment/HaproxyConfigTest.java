package io.relaymq.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The compose stack's HAProxy health checks: an MQTT backend sends clients to a node only while the node
 * is ready and the listener behind that very port accepts connections. A check of readiness alone kept
 * 8883 and 8085 up while TLS was off, so clients were accepted by HAProxy and then cut.
 */
class HaproxyConfigTest {

    private static final Path CONFIG = Path.of(System.getProperty("relaymq.root", ".."))
            .toAbsolutePath()
            .normalize()
            .resolve("docker/haproxy/haproxy.cfg");

    private static final Pattern SERVER = Pattern.compile("^\\s*server \\S+ relaymq\\d:(\\d+) (.*)$");

    @Test
    void everyMqttBackendChecksReadinessAndItsOwnPort() throws IOException {
        Map<String, List<String>> backends = backends(Files.readAllLines(CONFIG));
        List<String> mqtt =
                backends.keySet().stream().filter(name -> !name.equals("http")).toList();
        assertThat(mqtt).containsExactlyInAnyOrder("mqtt", "mqtts", "ws", "wss");
        for (String name : mqtt) {
            List<String> lines = backends.get(name);
            String port = serverPort(lines);
            assertThat(lines)
                    .as(name)
                    .contains(
                            "option tcp-check",
                            "tcp-check connect port 8083",
                            "tcp-check expect rstring ^HTTP/1\\.[01]\\ 200",
                            "tcp-check connect port " + port + " send-proxy");
            assertThat(lines.indexOf("tcp-check connect port " + port + " send-proxy"))
                    .as(name + ": the listener is checked after readiness")
                    .isGreaterThan(lines.indexOf("tcp-check connect port 8083"));
            assertThat(lines.stream().filter(l -> l.startsWith("server ")))
                    .as(name + ": no server-level check port overrides the rules")
                    .allMatch(l -> l.contains(" check ") && !l.contains("check port"));
        }
    }

    private static String serverPort(List<String> lines) {
        for (String line : lines) {
            Matcher m = SERVER.matcher(line);
            if (m.matches()) {
                return m.group(1);
            }
        }
        throw new AssertionError("no relaymq server in " + lines);
    }

    private static Map<String, List<String>> backends(List<String> config) {
        Map<String, List<String>> backends = new LinkedHashMap<>();
        List<String> current = null;
        for (String raw : config) {
            String line = raw.strip();
            if (!raw.startsWith(" ") && !raw.isBlank()) {
                current = null;
                if (line.startsWith("backend ")) {
                    current = new ArrayList<>();
                    backends.put(line.substring("backend ".length()).strip(), current);
                }
            } else if (current != null && !line.isEmpty() && !line.startsWith("#")) {
                current.add(line);
            }
        }
        return backends;
    }
}
