package io.relaymq.broker.transport;

/**
 * Pipeline event: the node is going away, the connection should say so (5.0 DISCONNECT with this reason)
 * and close. "Use another server" when other nodes are up to take the client, else "server shutting down".
 */
enum ServerShutdown {
    SHUTTING_DOWN((byte) 0x8B),
    USE_ANOTHER_SERVER((byte) 0x9C);

    private final byte reasonCode;

    ServerShutdown(byte reasonCode) {
        this.reasonCode = reasonCode;
    }

    byte reasonCode() {
        return reasonCode;
    }
}
