package io.relaymq.broker.cluster;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * The newest ownership version another node took over per client id, from disconnect commands. A
 * session on this node with an older version is superseded: it must let go, even if it was created
 * after the command arrived (the command can overtake this node's own slow CONNECT).
 */
@Component
public class MovedSessions {

    private static final int MAX_REMEMBERED = 100_000;

    private final Map<String, Long> movedAt = new ConcurrentHashMap<>();

    public void record(String clientId, long version) {
        if (movedAt.size() >= MAX_REMEMBERED) {
            // the entries matter for moments only (commands overtaking CONNECTs); start afresh when full
            movedAt.clear();
        }
        movedAt.merge(clientId, version, Math::max);
    }

    public boolean isSuperseded(String clientId, long version) {
        Long moved = movedAt.get(clientId);
        return moved != null && moved > version;
    }
}
