package io.relaymq.common.node;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The id of one broker node in the cluster. It names the node's own Kafka topics
 * ({@code relaymq.msg.downlink.basic.<nodeId>}, …), so it is limited to characters Kafka topic names
 * accept. Defaults to the host name, which in Kubernetes is the pod name.
 */
public record NodeId(String value) {

    private static final Pattern VALID = Pattern.compile("[A-Za-z0-9._-]{1,100}");

    public NodeId {
        if (value == null || !VALID.matcher(value).matches()) {
            throw new IllegalArgumentException(
                    "node id '" + value + "' must be 1-100 characters of letters, digits, '.', '_' or '-'");
        }
    }

    /** The configured id, or the host name when none is configured. */
    public static NodeId configuredOrHostName(String configured) {
        return new NodeId(Optional.ofNullable(configured)
                .map(String::trim)
                .filter(s -> !s.isEmpty())
                .orElseGet(NodeId::hostName));
    }

    static String hostName() {
        String env = System.getenv("HOSTNAME");
        if (env != null && !env.isBlank()) {
            return env.trim();
        }
        try {
            return InetAddress.getLocalHost().getHostName().replaceAll("[^A-Za-z0-9._-]", "-");
        } catch (UnknownHostException e) {
            return "relaymq-node";
        }
    }

    @Override
    public String toString() {
        return value;
    }
}
