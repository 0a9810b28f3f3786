package io.relaymq.broker.support;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.paho.client.mqttv3.MqttClient;

/** The Paho clients a test opened, all closed after it, whatever state they are in. */
public final class PahoClients {

    private final List<MqttClient> clients = new ArrayList<>();

    public MqttClient add(MqttClient client) {
        clients.add(client);
        return client;
    }

    /**
     * Disconnects every client at once: each disconnect waits up to a second for its DISCONNECT to go out
     * (Paho completes that token only at its timeout), so one after the other they took a second or more each.
     */
    public void closeAll() {
        List<Thread> closing = new ArrayList<>();
        for (MqttClient client : clients) {
            Thread thread = new Thread(() -> close(client), "close-" + client.getClientId());
            thread.start();
            closing.add(thread);
        }
        try {
            for (Thread thread : closing) {
                thread.join(Duration.ofSeconds(30).toMillis());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        clients.clear();
    }

    private static void close(MqttClient client) {
        try {
            client.disconnectForcibly(1000, 1000, true);
            client.close();
        } catch (Exception e) {
            // already gone
        }
    }
}
