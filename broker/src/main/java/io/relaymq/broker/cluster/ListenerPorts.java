package io.relaymq.broker.cluster;

import java.util.Map;

/** The MQTT listeners a node has bound, as NodeRegistry advertises them. */
public interface ListenerPorts {
    Map<String, Integer> boundPorts();
}
