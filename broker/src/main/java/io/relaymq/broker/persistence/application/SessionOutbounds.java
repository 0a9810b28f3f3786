package io.relaymq.broker.persistence.application;

import io.relaymq.broker.routing.PersistedSink;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.OutboundFactory;
import io.relaymq.broker.session.SessionContext;
import io.relaymq.broker.session.SessionOutbound;
import io.relaymq.common.client.ClientType;

/**
 * Persistent APPLICATION sessions read their own Kafka topic; every other session is left to the DEVICE
 * choice (the Redis store for persistent sessions, memory for the rest).
 */
public class SessionOutbounds implements OutboundFactory {

    private final OutboundFactory devices;
    private final ApplicationReaders readers;
    private final PersistedSink sink;

    public SessionOutbounds(OutboundFactory devices, ApplicationReaders readers, PersistedSink sink) {
        this.devices = devices;
        this.readers = readers;
        this.sink = sink;
    }

    @Override
    public SessionOutbound create(ClientSession session, SessionContext context, boolean persistent) {
        if (persistent && session.clientType() == ClientType.APPLICATION) {
            return new ApplicationOutbound(
                    session, readers, sink, context.writer(), context.maxInflightOutbound(), context.maxQueuedBytes());
        }
        return devices.create(session, context, persistent);
    }

    /** An APPLICATION topic goes as on a normal end: after the grace period, unless the client is back. */
    @Override
    public void discardStored(String clientId, ClientType kind) {
        if (kind == ClientType.APPLICATION) {
            readers.scheduleRemoval(clientId);
        } else {
            devices.discardStored(clientId, kind);
        }
    }

    @Override
    public void kindChanged(String clientId, ClientType previous) {
        if (previous == ClientType.APPLICATION) {
            readers.discard(clientId);
        } else {
            devices.kindChanged(clientId, previous);
        }
    }
}
