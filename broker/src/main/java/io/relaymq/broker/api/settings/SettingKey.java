package io.relaymq.broker.api.settings;

import java.util.Arrays;
import java.util.Optional;

/**
 * The admin settings the API serves, by TBMQ's keys. Other rows of {@code admin_settings} (the generated
 * JWT signing key) are never served or written through the API.
 */
public enum SettingKey {
    GENERAL("general"),
    MAIL("mail"),
    CONNECTIVITY("connectivity"),
    WEBSOCKET("websocket"),
    SECURITY_SETTINGS("securitySettings"),
    MQTT_AUTHORIZATION("mqttAuthorization");

    private final String key;

    SettingKey(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }

    /** The setting named {@code key} exactly; empty for any other name. */
    public static Optional<SettingKey> of(String key) {
        return Arrays.stream(values()).filter(k -> k.key.equals(key)).findFirst();
    }
}
