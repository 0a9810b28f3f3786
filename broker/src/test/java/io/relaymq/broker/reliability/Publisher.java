package io.relaymq.broker.reliability;

import java.nio.charset.StandardCharsets;
import java.util.BitSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.paho.client.mqttv3.IMqttActionListener;
import org.eclipse.paho.client.mqttv3.IMqttToken;
import org.eclipse.paho.client.mqttv3.MqttException;

/**
 * One publisher of a fault run: numbered messages {@code <index>:<sequence>} on its own topic, over a
 * persistent session, so that Paho sends what the broker did not acknowledge again (with DUP) after a
 * reconnect, to whichever node it reaches. A tick while it is disconnected, or while Paho's window is
 * full because the broker holds back acknowledgements, is counted and the publisher tries again on the
 * next tick; such a message gets no sequence number and is not expected anywhere.
 */
final class Publisher implements AutoCloseable {

    private final int index;
    private final String topic;
    private final int qos;
    private final ResilientClient client;
    private final BitSet acked = new BitSet();
    private final AtomicInteger seq = new AtomicInteger();
    private final AtomicLong notConnected = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();

    Publisher(int index, String topic, int qos, ResilientClient client) {
        this.index = index;
        this.topic = topic;
        this.qos = qos;
        this.client = client;
    }

    int index() {
        return index;
    }

    String topic() {
        return topic;
    }

    ResilientClient client() {
        return client;
    }

    void publishNext() {
        if (!client.isConnected()) {
            notConnected.incrementAndGet();
            return;
        }
        int n = seq.get();
        byte[] payload = (index + ":" + n).getBytes(StandardCharsets.UTF_8);
        try {
            client.paho().publish(topic, payload, qos, false, null, new IMqttActionListener() {
                @Override
                public void onSuccess(IMqttToken token) {
                    synchronized (acked) {
                        acked.set(n);
                    }
                }

                @Override
                public void onFailure(IMqttToken token, Throwable cause) {
                    failed.incrementAndGet();
                }
            });
            seq.incrementAndGet();
        } catch (MqttException e) {
            // not connected after all, or the in-flight window is full: not sent, try again next tick
            refused.incrementAndGet();
        }
    }

    /** Messages handed to Paho (each has a sequence number). */
    long sent() {
        return seq.get();
    }

    long acknowledged() {
        synchronized (acked) {
            return acked.cardinality();
        }
    }

    BitSet ackedSnapshot() {
        synchronized (acked) {
            return (BitSet) acked.clone();
        }
    }

    /**
     * Sent and not acknowledged yet. A token that failed when the connection dropped does not end a
     * message here: Paho keeps it in the persistent session and sends it again after the reconnect.
     */
    long pending() {
        return sent() - acknowledged();
    }

    long notConnected() {
        return notConnected.get();
    }

    long refused() {
        return refused.get();
    }

    /** Tokens that failed, mostly when a connection dropped (the message is sent again after a reconnect). */
    long failed() {
        return failed.get();
    }

    @Override
    public void close() {
        client.close();
    }
}
