package io.relaymq.broker.api.settings;

import io.relaymq.broker.api.ApiPrincipal;
import jakarta.validation.constraints.Size;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * TBMQ's admin settings by key, its security settings, and the password policy that the UI shows
 * before anyone has logged in ({@code /api/noauth/userPasswordPolicy}), and the test mail.
 */
@RestController
class AdminSettingsController {

    private final AdminSettingsService settings;
    private final SecuritySettingsService security;
    private final TestMail testMail;

    AdminSettingsController(AdminSettingsService settings, SecuritySettingsService security, TestMail testMail) {
        this.settings = settings;
        this.security = security;
        this.testMail = testMail;
    }

    @GetMapping("/api/admin/settings/{key}")
    AdminSettingsView get(@PathVariable @Size(max = 64) String key) {
        return settings.find(key);
    }

    @PostMapping("/api/admin/settings")
    AdminSettingsView save(@RequestBody AdminSettingsView body) {
        return settings.save(body);
    }

    /** Sends a test mail with the given mail settings to the asking admin's e-mail; 400 with the SMTP error. */
    @PostMapping("/api/admin/settings/testMail")
    ResponseEntity<Void> testMail(
            @RequestBody AdminSettingsView body, @AuthenticationPrincipal ApiPrincipal principal) {
        testMail.send(body, principal.email());
        return ResponseEntity.ok().build();
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
