package io.relaymq.broker.session;

import java.util.Collection;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Function;

/** The sessions that live on this node, by client id. */
public final class SessionRegistry {

    private final ConcurrentMap<String, ClientSession> sessions = new ConcurrentHashMap<>();

    public ClientSession get(String clientId) {
        return sessions.get(clientId);
    }

    /**
     * Atomically picks the session a CONNECT continues: {@code decide} gets the current session (or
     * null) and returns the one to keep, which may be a new one.
     */
    public ClientSession claim(String clientId, Function<ClientSession, ClientSession> decide) {
        return sessions.compute(clientId, (id, current) -> decide.apply(current));
    }

    /** Forgets {@code session} unless another session has replaced it meanwhile. */
    public void remove(ClientSession session) {
        sessions.remove(session.clientId(), session);
    }

    public int size() {
        return sessions.size();
    }

    public Collection<ClientSession> all() {
        return sessions.values();
    }
}
