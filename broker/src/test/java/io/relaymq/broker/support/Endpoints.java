package io.relaymq.broker.support;

import io.relaymq.broker.transport.MqttServer;

/** Where the test node's MQTT listeners are. */
public final class Endpoints {

    private Endpoints() {}

    public static String tcp(MqttServer server) {
        return "tcp://127.0.0.1:" + server.boundPorts().get("tcp");
    }

    public static int tcpPort(MqttServer server) {
        return server.boundPorts().get("tcp");
    }

    public static String tls(MqttServer server) {
        return "ssl://127.0.0.1:" + server.boundPorts().get("tls");
    }

    public static int wssPort(MqttServer server) {
        return server.boundPorts().get("wss");
    }

    public static int wsPort(MqttServer server) {
        return server.boundPorts().get("ws");
    }
}
