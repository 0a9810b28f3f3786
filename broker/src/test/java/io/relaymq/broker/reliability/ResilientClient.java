package io.relaymq.broker.reliability;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;
import org.eclipse.paho.client.mqttv3.IMqttDeliveryToken;
import org.eclipse.paho.client.mqttv3.MqttAsyncClient;
import org.eclipse.paho.client.mqttv3.MqttCallback;
import org.eclipse.paho.client.mqttv3.MqttClientPersistence;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;

/**
 * A Paho client that behaves like a device in the field: when its connection drops it tries again every
 * half second, over all given nodes in turn, until it is closed. Paho's own automatic reconnect backs off
 * to minutes, which would stretch a fault test without testing anything more.
 */
final class ResilientClient implements MqttCallback, AutoCloseable {

    private final MqttAsyncClient client;
    private final MqttConnectOptions options = new MqttConnectOptions();
    private final ScheduledExecutorService scheduler;
    private final BiConsumer<String, MqttMessage> onMessage;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final AtomicBoolean reconnecting = new AtomicBoolean();
    private final List<String> uris;
    private int attempt;

    ResilientClient(
            String clientId,
            List<String> uris,
            boolean cleanSession,
            ScheduledExecutorService scheduler,
            BiConsumer<String, MqttMessage> onMessage)
            throws MqttException {
        this(clientId, uris, cleanSession, new MemoryPersistence(), scheduler, onMessage);
    }

    /**
     * A client whose session state (messages in flight both ways) lives in {@code persistence}; a second
     * client on the same persistence continues the session, as a device's new connection does.
     */
    ResilientClient(
            String clientId,
            List<String> uris,
            boolean cleanSession,
            MqttClientPersistence persistence,
            ScheduledExecutorService scheduler,
            BiConsumer<String, MqttMessage> onMessage)
            throws MqttException {
        this.uris = new ArrayList<>(uris);
        this.client = new MqttAsyncClient(uris.get(0), clientId, persistence);
        this.scheduler = scheduler;
        this.onMessage = onMessage;
        options.setCleanSession(cleanSession);
        options.setConnectionTimeout(10);
        options.setKeepAliveInterval(10);
        options.setMaxInflight(1000);
        client.setCallback(this);
    }

    /** Connects to the first node that accepts, trying for up to {@code seconds}. */
    void connect(int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!tryConnect()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(client.getClientId() + " could not connect to " + uris);
            }
            TimeUnit.MILLISECONDS.sleep(500);
        }
    }

    private boolean tryConnect() {
        options.setServerURIs(new String[] {uris.get(Math.floorMod(attempt++, uris.size()))});
        try {
            client.connect(options).waitForCompletion(15_000);
            return true;
        } catch (MqttException e) {
            return false;
        }
    }

    MqttAsyncClient paho() {
        return client;
    }

    boolean isConnected() {
        return client.isConnected();
    }

    /**
     * Drops the connection without DISCONNECT semantics mattering (the session stays) and lets it come back.
     * Paho may still write a PUBACK for a message it was handing over after its DISCONNECT; the broker has
     * closed the socket by then ([MQTT-3.14.4-1]), the write fails, and Paho fails the DISCONNECT with
     * "connection lost" instead of reporting a lost connection. The connection is gone either way: that is
     * a bounce too.
     */
    void bounce() throws MqttException {
        if (client.isConnected()) {
            try {
                client.disconnect(0).waitForCompletion(10_000);
            } catch (MqttException e) {
                if (e.getReasonCode() != MqttException.REASON_CODE_CONNECTION_LOST) {
                    throw e;
                }
            }
            scheduleReconnect();
        }
    }

    /**
     * Gives this connection up without a word: no DISCONNECT, no reconnect. The broker sees the socket
     * only when it next writes to it or takes the session over.
     */
    void abandon() {
        closed.set(true);
        try {
            client.disconnectForcibly(0, 1, false);
        } catch (MqttException e) {
            // gone already
        }
        try {
            client.close(true);
        } catch (MqttException e) {
            // closing anyway
        }
    }

    @Override
    public void connectionLost(Throwable cause) {
        scheduleReconnect();
    }

    private void scheduleReconnect() {
        if (closed.get() || !reconnecting.compareAndSet(false, true)) {
            return;
        }
        scheduler.schedule(this::reconnect, 500, TimeUnit.MILLISECONDS);
    }

    private void reconnect() {
        if (closed.get() || client.isConnected() || tryConnect()) {
            reconnecting.set(false);
            return;
        }
        scheduler.schedule(this::reconnect, 500, TimeUnit.MILLISECONDS);
    }

    @Override
    public void messageArrived(String topic, MqttMessage message) {
        onMessage.accept(topic, message);
    }

    @Override
    public void deliveryComplete(IMqttDeliveryToken token) {}

    @Override
    public void close() {
        closed.set(true);
        try {
            if (client.isConnected()) {
                client.disconnect(0).waitForCompletion(5_000);
            }
            client.close(true);
        } catch (MqttException e) {
            // closing anyway
        }
    }
}
