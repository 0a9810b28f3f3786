package io.relaymq.perf.client;

import io.netty.buffer.ByteBuf;

/** Receives the PUBLISH packets a load client gets; called on the client's event loop, keep it short. */
@FunctionalInterface
public interface InboundListener {

    InboundListener IGNORE = (topic, payload, qos) -> {};

    /** {@code payload} is only valid during the call. */
    void onMessage(String topic, ByteBuf payload, int qos);
}
