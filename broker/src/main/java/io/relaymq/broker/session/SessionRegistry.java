package io.relaymq.broker.session;

import io.relaymq.common.client.ClientType;
import java.util.Collection;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/** The sessions that live on this node, by client id. */
public final class SessionRegistry {

    private final ConcurrentMap<String, ClientSession> sessions = new ConcurrentHashMap<>();
    private final AtomicInteger applications = new AtomicInteger();

    public ClientSession get(String clientId) {
        return sessions.get(clientId);
    }

    /**
     * Atomically picks the session a CONNECT continues: {@code decide} gets the current session (or
     * null) and returns the one to keep, which may be a new one.
     */
    public ClientSession claim(String clientId, Function<ClientSession, ClientSession> decide) {
        return sessions.compute(clientId, (id, current) -> {
            ClientSession next = decide.apply(current);
            if (next != current) {
                count(current, -1);
                count(next, 1);
            }
            return next;
        });
    }

    /** Forgets {@code session} unless another session has replaced it meanwhile. */
    public void remove(ClientSession session) {
        if (sessions.remove(session.clientId(), session)) {
            count(session, -1);
        }
    }

    /** APPLICATION sessions on this node, connected or waiting for their client. */
    public int applications() {
        return applications.get();
    }

    private void count(ClientSession session, int delta) {
        if (session != null && session.clientType() == ClientType.APPLICATION) {
            applications.addAndGet(delta);
        }
    }

    public int size() {
        return sessions.size();
    }

    public Collection<ClientSession> all() {
        return sessions.values();
    }
}
