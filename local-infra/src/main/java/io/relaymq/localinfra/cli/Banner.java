package io.relaymq.localinfra.cli;

import io.relaymq.localinfra.stack.StackEndpoints;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a started local node prints: where it listens and whether other machines can reach it. A node of
 * the local run allows anonymous MQTT clients and has a documented admin password, so it says "local
 * only" when every listener is on a loopback address and warns loudly when one is not.
 */
final class Banner {

    private Banner() {}

    static List<String> lines(CliOptions options, Map<String, String> environment) {
        String host = BrokerLauncher.probeHost(options.bindAddress());
        int mqtt = BrokerLauncher.MQTT_PORT + options.portOffset();
        int http = BrokerLauncher.HTTP_PORT + options.portOffset();
        List<String> lines = new ArrayList<>();
        if (localOnly(environment)) {
            lines.add("RelayMQ node " + options.nodeId() + " is up, local only: it listens on " + options.bindAddress()
                    + ", so only clients on this machine can connect (--bind <address> opens it to others)");
        } else {
            lines.add("RelayMQ node " + options.nodeId() + " is up, listening on " + options.bindAddress()
                    + ": other machines can connect");
            if ("true".equalsIgnoreCase(environment.get("MQTT_AUTH_ALLOW_ANONYMOUS"))) {
                lines.add(
                        "  WARNING    anonymous MQTT clients are allowed everything (MQTT_AUTH_ALLOW_ANONYMOUS=true)");
            }
            if ("sysadmin".equals(environment.get("ADMIN_PASSWORD"))) {
                lines.add("  WARNING    the admin API has the documented dev password; set ADMIN_PASSWORD before the "
                        + "first start, or change it with POST /api/auth/changePassword");
            }
        }
        lines.add(String.format("  MQTT       tcp://%s:%d", host, mqtt));
        lines.add(String.format("  Console    http://%s:%d/", host, http));
        lines.add(String.format("  REST API   http://%s:%d/api", host, http));
        lines.add(String.format("  Health     http://%s:%d/actuator/health", host, http));
        lines.add(String.format("  Metrics    http://%s:%d/actuator/prometheus", host, http));
        lines.add(String.format("  Data       %s", options.workDir()));
        lines.add(String.format("  Stack env  %s", options.workDir().resolve(StackEndpoints.ENV_FILE)));
        lines.add("Another node: ./relaymq node --node-id node-2 --port-offset 10   Ctrl-C stops this one.");
        return lines;
    }

    /** True when every listener of the node binds to a loopback address. */
    static boolean localOnly(Map<String, String> environment) {
        for (String key : BrokerLauncher.BIND_KEYS) {
            String address = environment.get(key);
            if (address == null || !isLoopback(address)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isLoopback(String address) {
        InetAddress literal = CliOptions.literal(address);
        return literal != null && literal.isLoopbackAddress();
    }
}
