package io.relaymq.broker.transport;

import io.netty.handler.codec.mqtt.MqttReasonCodes;

/**
 * Pipeline event: the node is going away, the connection should say so (5.0 DISCONNECT with this reason)
 * and close. "Use another server" when other nodes are up to take the client, else "server shutting down".
 */
enum ServerShutdown {
    SHUTTING_DOWN(MqttReasonCodes.Disconnect.SERVER_SHUTTING_DOWN.byteValue()),
    USE_ANOTHER_SERVER(MqttReasonCodes.Disconnect.USE_ANOTHER_SERVER.byteValue());

    private final byte reasonCode;

    ServerShutdown(byte reasonCode) {
        this.reasonCode = reasonCode;
    }

    byte reasonCode() {
        return reasonCode;
    }
}
