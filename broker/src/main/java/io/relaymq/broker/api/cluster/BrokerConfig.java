package io.relaymq.broker.api.cluster;

import io.relaymq.broker.mqtt.MqttSettings;
import java.util.Map;

/**
 * What {@code GET /api/app/config} answers: TBMQ's home-page settings (auth switches, each listener's port,
 * switch and largest payload, whether basic / certificate credentials exist), then this node's id, its
 * listeners by name and its protocol limits. Every listener takes packets up to {@code maxPacketSize}.
 */
record BrokerConfig(
        boolean basicAuthEnabled,
        boolean x509AuthEnabled,
        int tcpPort,
        int tlsPort,
        int wsPort,
        int wssPort,
        boolean tcpListenerEnabled,
        boolean tlsListenerEnabled,
        boolean wsListenerEnabled,
        boolean wssListenerEnabled,
        int tcpMaxPayloadSize,
        int tlsMaxPayloadSize,
        int wsMaxPayloadSize,
        int wssMaxPayloadSize,
        boolean existsBasicCredentials,
        boolean existsX509Credentials,
        String nodeId,
        Map<String, ListenerInfo> listeners,
        Map<String, Object> limits) {

    /** {@code path}: the HTTP path of a WebSocket listener (null for TCP and TLS). */
    record ListenerInfo(boolean enabled, int port, String path) {}

    static BrokerConfig of(
            String nodeId,
            MqttSettings mqtt,
            boolean basicAuth,
            boolean x509Auth,
            boolean basicCredentials,
            boolean x509Credentials,
            Map<String, ListenerInfo> listeners,
            Map<String, Object> limits) {
        int max = mqtt.maxPacketSize();
        return new BrokerConfig(
                basicAuth,
                x509Auth,
                listeners.get("tcp").port(),
                listeners.get("tls").port(),
                listeners.get("ws").port(),
                listeners.get("wss").port(),
                listeners.get("tcp").enabled(),
                listeners.get("tls").enabled(),
                listeners.get("ws").enabled(),
                listeners.get("wss").enabled(),
                max,
                max,
                max,
                max,
                basicCredentials,
                x509Credentials,
                nodeId,
                listeners,
                limits);
    }
}
