package io.relaymq.integration.executor;

import io.relaymq.integration.model.IntegrationDefinition;
import io.relaymq.integration.model.IntegrationState;
import io.relaymq.integration.model.IntegrationStatus;
import io.relaymq.integration.model.IntegrationType;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * What this executor has done with each integration: state, counts, last error and last success. Every
 * event also moves the matching meter. {@link #takeChanged} hands out the statuses that changed since the
 * last call, for the status topic.
 */
public final class StatusBoard {

    private final String executorId;
    private final ExecutorMetrics metrics;
    private final Clock clock;
    private final Map<UUID, Entry> entries = new ConcurrentHashMap<>();
    private final Set<UUID> removed = ConcurrentHashMap.newKeySet();

    public StatusBoard(String executorId, ExecutorMetrics metrics, Clock clock) {
        this.executorId = executorId;
        this.metrics = metrics;
        this.clock = clock;
    }

    public void delivered(IntegrationDefinition d, Duration latency) {
        metrics.delivered(d.id(), d.type(), latency);
        entry(d).update(e -> {
            e.delivered++;
            e.lastSuccessAt = clock.millis();
            e.state = IntegrationState.ACTIVE;
        });
    }

    public void retrying(IntegrationDefinition d, String error) {
        metrics.retried(d.id(), d.type());
        entry(d).update(e -> {
            e.retried++;
            e.error(error, clock.millis());
            if (e.state != IntegrationState.FAILED_TO_START) {
                e.state = IntegrationState.RETRYING;
            }
        });
    }

    public void deadLettered(IntegrationDefinition d, String error) {
        metrics.deadLettered(d.id(), d.type());
        entry(d).update(e -> {
            e.deadLettered++;
            e.error(error, clock.millis());
            if (e.state == IntegrationState.RETRYING) {
                e.state = IntegrationState.ACTIVE;
            }
        });
    }

    /** A record that could not be read was dead-lettered. */
    public void unreadDeadLettered() {
        metrics.deadLettered(null, null);
    }

    /** A message of a disabled or removed integration ({@code d} null: never known) was dropped. */
    public void skipped(UUID id, IntegrationDefinition d) {
        metrics.skipped(id, d == null ? null : d.type());
        if (d != null) {
            entry(d).update(e -> e.skipped++);
        }
    }

    public void opened(IntegrationDefinition d) {
        entry(d).update(e -> e.state = IntegrationState.ACTIVE);
    }

    public void failedToStart(IntegrationDefinition d, String error) {
        entry(d).update(e -> {
            e.error(error, clock.millis());
            e.state = IntegrationState.FAILED_TO_START;
        });
    }

    public void disabled(IntegrationDefinition d) {
        entry(d).updateState(IntegrationState.DISABLED);
    }

    /** The integration was removed: its status is withdrawn (a tombstone on the status topic). */
    public void removed(UUID id) {
        if (entries.remove(id) != null) {
            removed.add(id);
        }
    }

    /** The statuses that changed since the last call. */
    public List<IntegrationStatus> takeChanged() {
        List<IntegrationStatus> out = new ArrayList<>();
        long now = clock.millis();
        entries.forEach((id, e) -> e.takeIfChanged(id, executorId, now).ifPresent(out::add));
        return out;
    }

    /** Every status this executor holds, changed or not (the periodic restatement). */
    public List<IntegrationStatus> all() {
        List<IntegrationStatus> out = new ArrayList<>();
        long now = clock.millis();
        entries.forEach((id, e) -> out.add(e.snapshot(id, executorId, now)));
        return out;
    }

    /** The integrations removed since the last call. */
    public List<UUID> takeRemoved() {
        List<UUID> out = new ArrayList<>(removed);
        out.forEach(removed::remove);
        return out;
    }

    /** The current status of {@code id}, for tests and logs. */
    public Optional<IntegrationStatus> status(UUID id) {
        Entry e = entries.get(id);
        return e == null ? Optional.empty() : Optional.of(e.snapshot(id, executorId, clock.millis()));
    }

    private Entry entry(IntegrationDefinition d) {
        Entry e = entries.computeIfAbsent(d.id(), id -> new Entry());
        e.describe(d.name(), d.type());
        return e;
    }

    private static final class Entry {
        private String name;
        private IntegrationType type;
        private IntegrationState state = IntegrationState.ACTIVE;
        private long delivered;
        private long retried;
        private long deadLettered;
        private long skipped;
        private String lastError;
        private long lastErrorAt;
        private long lastSuccessAt;
        private boolean changed = true;

        synchronized void describe(String name, IntegrationType type) {
            this.name = name;
            this.type = type;
        }

        synchronized void update(Consumer<Entry> change) {
            change.accept(this);
            changed = true;
        }

        synchronized void updateState(IntegrationState next) {
            if (state != next) {
                state = next;
                changed = true;
            }
        }

        void error(String error, long at) {
            lastError = IntegrationStatus.cap(error, IntegrationStatus.MAX_ERROR_CHARS);
            lastErrorAt = at;
        }

        synchronized Optional<IntegrationStatus> takeIfChanged(UUID id, String executorId, long now) {
            if (!changed) {
                return Optional.empty();
            }
            changed = false;
            return Optional.of(snapshot(id, executorId, now));
        }

        synchronized IntegrationStatus snapshot(UUID id, String executorId, long now) {
            return new IntegrationStatus(
                    id,
                    executorId,
                    name,
                    type,
                    state,
                    delivered,
                    retried,
                    deadLettered,
                    skipped,
                    lastError,
                    lastErrorAt,
                    lastSuccessAt,
                    now);
        }
    }
}
