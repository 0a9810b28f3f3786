package io.relaymq.integration.executor;

import io.relaymq.integration.model.IntegrationDefinition;
import io.relaymq.integration.model.IntegrationMessage;
import io.relaymq.integration.target.DeliveryException;
import io.relaymq.integration.target.Target;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The open target of each integration. {@link #reconcile} (on a housekeeping thread) opens a target for every
 * enabled definition that has none yet, and closes the targets of definitions that were disabled, removed or
 * replaced by a newer version; {@link #send} opens a missing or outdated target first. A slot's lock keeps a
 * send and a close of the same target apart; reconcile skips a slot that is busy sending and comes back later.
 */
public final class TargetKeeper implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(TargetKeeper.class);

    private final DefinitionsReplica definitions;
    private final Targets targets;
    private final StatusBoard board;
    private final Map<UUID, Slot> slots = new ConcurrentHashMap<>();

    public TargetKeeper(DefinitionsReplica definitions, Targets targets, StatusBoard board) {
        this.definitions = definitions;
        this.targets = targets;
        this.board = board;
    }

    /** Delivers {@code message} with the target of {@code definition}, opening it first when needed. */
    public void send(IntegrationDefinition definition, IntegrationMessage message) throws DeliveryException {
        Slot slot = slots.computeIfAbsent(definition.id(), id -> new Slot());
        slot.lock.lock();
        try {
            slot.ensureOpen(definition).send(message);
        } finally {
            slot.lock.unlock();
        }
    }

    /** Brings the open targets in line with the current definitions. */
    public void reconcile() {
        for (IntegrationDefinition d : definitions.all()) {
            Slot slot = slots.computeIfAbsent(d.id(), id -> new Slot());
            if (!slot.lock.tryLock()) {
                continue;
            }
            try {
                if (!d.enabled()) {
                    slot.closeTarget();
                    board.disabled(d);
                } else if (slot.version != d.version()) {
                    slot.ensureOpen(d);
                }
            } catch (DeliveryException e) {
                // reported by ensureOpen; the messages wait and retry
            } finally {
                slot.lock.unlock();
            }
        }
        for (Map.Entry<UUID, Slot> entry : slots.entrySet()) {
            UUID id = entry.getKey();
            if (definitions.get(id).isEmpty() && entry.getValue().lock.tryLock()) {
                try {
                    entry.getValue().closeTarget();
                    slots.remove(id);
                    board.removed(id);
                } finally {
                    entry.getValue().lock.unlock();
                }
            }
        }
    }

    @Override
    public void close() {
        for (Slot slot : List.copyOf(slots.values())) {
            slot.lock.lock();
            try {
                slot.closeTarget();
            } finally {
                slot.lock.unlock();
            }
        }
        slots.clear();
    }

    /** One integration's target; every field is guarded by {@code lock}. */
    private final class Slot {
        private final ReentrantLock lock = new ReentrantLock();
        private Target target;
        private long version = Long.MIN_VALUE;

        Target ensureOpen(IntegrationDefinition d) throws DeliveryException {
            if (target != null && version == d.version()) {
                return target;
            }
            closeTarget();
            version = d.version();
            try {
                target = targets.open(d);
            } catch (DeliveryException e) {
                board.failedToStart(d, e.getMessage());
                log.warn("integration {} ({}): target not opened: {}", d.id(), d.type(), e.getMessage());
                throw e;
            }
            board.opened(d);
            log.info("integration {} ({}, {}): target open for version {}", d.id(), d.name(), d.type(), d.version());
            return target;
        }

        void closeTarget() {
            if (target != null) {
                try {
                    target.close();
                } catch (RuntimeException e) {
                    log.warn("closing a target failed", e);
                }
                target = null;
            }
            version = Long.MIN_VALUE;
        }
    }
}
