package io.relaymq.broker.api.settings;

import java.util.List;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * TBMQ's security settings, stored as the admin setting {@code securitySettings}, and the check of an
 * admin password against their policy (read from PostgreSQL each time, so a new policy holds on every
 * node at once).
 */
public final class SecuritySettingsService {

    private final AdminSettingsService settings;
    private final ObjectMapper json;

    public SecuritySettingsService(AdminSettingsService settings, ObjectMapper json) {
        this.settings = settings;
        this.json = json;
    }

    public SecuritySettings get() {
        return SettingValues.securitySettings(json, settings.value(SettingKey.SECURITY_SETTINGS));
    }

    /** Checks and stores {@code securitySettings}; answers them as stored. */
    public SecuritySettings save(SecuritySettings securitySettings) {
        AdminSettingsView saved = settings.save(new AdminSettingsView(
                null, null, SettingKey.SECURITY_SETTINGS.key(), json.valueToTree(securitySettings)));
        return SettingValues.securitySettings(json, (ObjectNode) saved.jsonValue());
    }

    /** Refuses (400) a password that breaks the policy, saying every rule it breaks. */
    public void checkPassword(String password) {
        List<String> broken = get().passwordPolicy().violations(password);
        if (!broken.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", broken));
        }
    }
}
