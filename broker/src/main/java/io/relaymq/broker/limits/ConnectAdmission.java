package io.relaymq.broker.limits;

import io.relaymq.broker.mqtt.ConnectReject;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

/**
 * Whether this node takes one more client, checked before any work on a CONNECT: not under memory
 * pressure (else "server busy"), below the connection limit ("quota exceeded") and within the
 * connection rate ("connection rate exceeded"). 3.1.1 clients get "server unavailable" for each.
 */
public final class ConnectAdmission {

    /** No limits (tests, embedded use). */
    public static final ConnectAdmission OPEN = new ConnectAdmission(0, 0, () -> false, () -> 0, System::nanoTime);

    private final int maxConnections;
    private final TokenBucket rate;
    private final BooleanSupplier memoryPressure;
    private final IntSupplier openConnections;

    /**
     * @param maxConnections  open connections allowed (0: no limit); the connection asking is already counted
     * @param connectRate     new connections per second (0: no limit)
     * @param openConnections open MQTT connections now
     */
    public ConnectAdmission(
            int maxConnections,
            int connectRate,
            BooleanSupplier memoryPressure,
            IntSupplier openConnections,
            LongSupplier nanoTime) {
        this.maxConnections = maxConnections;
        this.rate = connectRate > 0 ? new TokenBucket(connectRate, nanoTime) : null;
        this.memoryPressure = memoryPressure;
        this.openConnections = openConnections;
    }

    /** Null when admitted, else why not. Only the rate bucket needs a lock (CONNECTs arrive on every event loop). */
    public ConnectReject admit() {
        if (memoryPressure.getAsBoolean()) {
            return ConnectReject.SERVER_BUSY;
        }
        if (maxConnections > 0 && openConnections.getAsInt() > maxConnections) {
            return ConnectReject.QUOTA_EXCEEDED;
        }
        if (rate != null) {
            synchronized (rate) {
                if (!rate.tryTake()) {
                    return ConnectReject.CONNECTION_RATE_EXCEEDED;
                }
            }
        }
        return null;
    }
}
