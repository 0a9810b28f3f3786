package io.relaymq.broker.routing;

import io.relaymq.broker.session.InboundQos2Store;
import java.time.Clock;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Delayed;
import java.util.concurrent.TimeUnit;

/**
 * One QoS 2 receipt {@link MsgAllReceipts} looks for, kept for {@code packetId} of {@code clientId}, due at {@code dueMillis}; {@code read}: its partition was read
 * for it once already. Its answer completes once.
 */
record ReceiptLookup(
        String clientId,
        int packetId,
        String mqttTopic,
        InboundQos2Store.Receipt receipt,
        long dueMillis,
        boolean read,
        Clock clock,
        CompletableFuture<Boolean> answer)
        implements Delayed {

    ReceiptLookup(
            String clientId,
            int packetId,
            String mqttTopic,
            InboundQos2Store.Receipt receipt,
            long dueMillis,
            Clock clock) {
        this(clientId, packetId, mqttTopic, receipt, dueMillis, false, clock, new CompletableFuture<>());
    }

    /** The same lookup, due again at {@code millis}. */
    ReceiptLookup notBefore(long millis, boolean read) {
        return new ReceiptLookup(clientId, packetId, mqttTopic, receipt, millis, this.read || read, clock, answer);
    }

    @Override
    public long getDelay(TimeUnit unit) {
        return unit.convert(dueMillis - clock.millis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public int compareTo(Delayed other) {
        return Long.compare(dueMillis, ((ReceiptLookup) other).dueMillis);
    }
}
