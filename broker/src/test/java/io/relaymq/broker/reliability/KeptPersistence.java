package io.relaymq.broker.reliability;

import java.util.Collections;
import java.util.Enumeration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.paho.client.mqttv3.MqttClientPersistence;
import org.eclipse.paho.client.mqttv3.MqttPersistable;

/**
 * Paho session state in memory that outlives the client using it (close keeps it), so that a second
 * client with the same id picks up the first one's messages in flight, as a device does when it opens
 * a new connection while its old one hangs. Paho's MemoryPersistence forgets everything on close.
 */
final class KeptPersistence implements MqttClientPersistence {

    private final Map<String, MqttPersistable> data = new ConcurrentHashMap<>();

    @Override
    public void open(String clientId, String serverUri) {}

    @Override
    public void close() {}

    @Override
    public void put(String key, MqttPersistable persistable) {
        data.put(key, persistable);
    }

    @Override
    public MqttPersistable get(String key) {
        return data.get(key);
    }

    @Override
    public void remove(String key) {
        data.remove(key);
    }

    @Override
    public Enumeration<String> keys() {
        return Collections.enumeration(data.keySet());
    }

    @Override
    public void clear() {
        data.clear();
    }

    @Override
    public boolean containsKey(String key) {
        return data.containsKey(key);
    }
}
