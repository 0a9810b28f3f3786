package io.relaymq.broker.support;

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

    public void closeAll() {
        for (MqttClient client : clients) {
            try {
                client.disconnectForcibly(1000, 1000, true);
                client.close();
            } catch (Exception e) {
                // already gone
            }
        }
        clients.clear();
    }
}
