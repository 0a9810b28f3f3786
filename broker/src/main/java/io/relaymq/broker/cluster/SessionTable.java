package io.relaymq.broker.cluster;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a node knows of every session, and the rule every node applies to each session record so that
 * all converge whatever order the records were written in: a record of an older generation than the one
 * held (or than the generation a session last ended in) is ignored, see {@link SessionInfo#isStaleAgainst}.
 * The generations of ended sessions are remembered for the last {@value #MAX_ENDED} ends.
 */
final class SessionTable {

    static final int MAX_ENDED = 100_000;

    /** Whether a record took effect, and if not, what it lost against. */
    record Outcome(boolean applied, SessionInfo held, long endedGeneration) {

        static final Outcome APPLIED = new Outcome(true, null, 0);
    }

    private final Map<String, SessionInfo> sessions = new ConcurrentHashMap<>();
    private final Map<String, Long> ended = new LinkedHashMap<>(16, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Long> eldest) {
            return size() > MAX_ENDED;
        }
    };

    /** Applies a session record unless it is stale. */
    synchronized Outcome put(String clientId, SessionInfo info) {
        SessionInfo held = sessions.get(clientId);
        if (info.isStaleAgainst(held)) {
            return new Outcome(false, held, 0);
        }
        long endedIn = endedGeneration(clientId);
        if (held == null && info.generation() != 0 && info.generation() <= endedIn) {
            return new Outcome(false, null, endedIn);
        }
        sessions.put(clientId, info);
        ended.remove(clientId);
        return Outcome.APPLIED;
    }

    /** Applies a tombstone that ended generation {@code generation} (0 = written without one: always applies). */
    synchronized Outcome end(String clientId, long generation) {
        SessionInfo held = sessions.get(clientId);
        if (generation != 0 && held != null && held.generation() > generation) {
            return new Outcome(false, held, 0);
        }
        sessions.remove(clientId);
        if (generation != 0) {
            ended.merge(clientId, generation, Math::max);
        }
        return Outcome.APPLIED;
    }

    Optional<SessionInfo> get(String clientId) {
        return Optional.ofNullable(sessions.get(clientId));
    }

    /** The newest generation known for the client id, held or ended (0 = none). */
    synchronized long generation(String clientId) {
        SessionInfo held = sessions.get(clientId);
        return Math.max(held == null ? 0 : held.generation(), endedGeneration(clientId));
    }

    private long endedGeneration(String clientId) {
        Long g = ended.get(clientId);
        return g == null ? 0 : g;
    }

    Map<String, SessionInfo> snapshot() {
        return Map.copyOf(sessions);
    }

    int size() {
        return sessions.size();
    }
}
