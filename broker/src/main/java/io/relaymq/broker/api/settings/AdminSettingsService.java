package io.relaymq.broker.api.settings;

import io.relaymq.broker.api.error.ApiNotFoundException;
import io.relaymq.dao.admin.AdminSettingsRepository;
import io.relaymq.dao.admin.AdminSettingsRow;
import java.time.Clock;
import java.util.Arrays;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * TBMQ's admin settings, kept in PostgreSQL and read from it on every call (no cache), so a value saved
 * through any node is what every node uses next. Only the keys of {@link SettingKey} are served; a
 * value is a JSON object of at most {@link #MAX_VALUE_CHARS} characters, checked by key where RelayMQ
 * uses it. The mail secrets never leave: answers go without them.
 */
public final class AdminSettingsService {

    /** 64 KB of JSON text: far above any real setting, small enough to keep and read on every use. */
    public static final int MAX_VALUE_CHARS = 64 * 1024;

    private static final String KNOWN =
            Arrays.stream(SettingKey.values()).map(SettingKey::key).collect(Collectors.joining(", "));

    private final AdminSettingsRepository repository;
    private final ObjectMapper json;
    private final Clock clock;

    public AdminSettingsService(AdminSettingsRepository repository, ObjectMapper json, Clock clock) {
        this.repository = repository;
        this.json = json;
        this.clock = clock;
    }

    /** The setting as the API answers it; 404 for a key that is not served or has no value. */
    public AdminSettingsView find(String key) {
        SettingKey known = SettingKey.of(key)
                .orElseThrow(() -> new ApiNotFoundException("no admin settings with that key (known: " + KNOWN + ")"));
        return answer(row(known));
    }

    /** The stored value of {@code key}, secrets included: for the code that acts on it, never for an answer. */
    public ObjectNode value(SettingKey key) {
        return object(row(key).jsonValue());
    }

    /** Checks and stores a setting; answers it as stored (without secrets). */
    public AdminSettingsView save(AdminSettingsView body) {
        SettingKey key = SettingKey.of(body.key())
                .orElseThrow(() -> new IllegalArgumentException(
                        "key must be one of " + KNOWN + (body.key() == null ? " (it is missing)" : "")));
        AdminSettingsRow stored = repository.findRow(key.key()).orElse(null);
        if (body.id() != null && (stored == null || !stored.id().equals(body.id()))) {
            throw new IllegalArgumentException("id is not the id of the " + key.key() + " settings");
        }
        ObjectNode value = checked(key, body.jsonValue(), stored);
        return answer(repository.save(key.key(), json.writeValueAsString(value), clock.millis()));
    }

    /** {@code value} if it is a JSON object within the size limit; 400 otherwise. */
    ObjectNode checkedObject(JsonNode value) {
        if (value == null || !value.isObject()) {
            throw new IllegalArgumentException("jsonValue must be a JSON object");
        }
        if (value.toString().length() > MAX_VALUE_CHARS) {
            throw new IllegalArgumentException("jsonValue may have at most " + MAX_VALUE_CHARS + " characters");
        }
        return (ObjectNode) value;
    }

    private ObjectNode checked(SettingKey key, JsonNode value, AdminSettingsRow stored) {
        ObjectNode object = checkedObject(value);
        return switch (key) {
            case SECURITY_SETTINGS -> json.valueToTree(SettingValues.securitySettings(json, object));
            case MAIL ->
                SettingValues.mail(
                        MailSecrets.withStoredSecrets(object, stored == null ? null : object(stored.jsonValue())));
            case CONNECTIVITY -> SettingValues.connectivity(object);
            default -> object;
        };
    }

    private AdminSettingsRow row(SettingKey key) {
        return repository
                .findRow(key.key())
                .orElseThrow(() -> new ApiNotFoundException("no " + key.key() + " settings are stored"));
    }

    private AdminSettingsView answer(AdminSettingsRow row) {
        ObjectNode value = object(row.jsonValue());
        if (SettingKey.MAIL.key().equals(row.key())) {
            value = MailSecrets.withoutSecrets(value);
        }
        return new AdminSettingsView(row.id(), row.createdTime(), row.key(), value);
    }

    private ObjectNode object(String text) {
        JsonNode node = json.readTree(text);
        if (!node.isObject()) {
            throw new IllegalStateException("a stored admin setting is not a JSON object");
        }
        return (ObjectNode) node;
    }
}
