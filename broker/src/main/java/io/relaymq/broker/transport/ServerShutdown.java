package io.relaymq.broker.transport;

/** Pipeline event: the node is shutting down, the connection should say so and close. */
enum ServerShutdown {
    INSTANCE
}
