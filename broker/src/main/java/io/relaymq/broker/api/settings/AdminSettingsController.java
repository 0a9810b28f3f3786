package io.relaymq.broker.api.settings;

import jakarta.validation.constraints.Size;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * TBMQ's admin settings by key, its security settings, and the password policy that the UI shows
 * before anyone has logged in ({@code /api/noauth/userPasswordPolicy}).
 */
@RestController
class AdminSettingsController {

    private final AdminSettingsService settings;
    private final SecuritySettingsService security;

    AdminSettingsController(AdminSettingsService settings, SecuritySettingsService security) {
        this.settings = settings;
        this.security = security;
    }

    @GetMapping("/api/admin/settings/{key}")
    AdminSettingsView get(@PathVariable @Size(max = 64) String key) {
        return settings.find(key);
    }

    @PostMapping("/api/admin/settings")
    AdminSettingsView save(@RequestBody AdminSettingsView body) {
        return settings.save(body);
    }

    @GetMapping("/api/admin/securitySettings")
    SecuritySettings securitySettings() {
        return security.get();
    }

    @PostMapping("/api/admin/securitySettings")
    SecuritySettings saveSecuritySettings(@RequestBody SecuritySettings body) {
        return security.save(body);
    }

    @GetMapping("/api/noauth/userPasswordPolicy")
    PasswordPolicy userPasswordPolicy() {
        return security.get().passwordPolicy();
    }
}
