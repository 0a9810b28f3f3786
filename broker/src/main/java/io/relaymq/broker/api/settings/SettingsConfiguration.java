package io.relaymq.broker.api.settings;

import io.relaymq.dao.admin.AdminSettingsRepository;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.ObjectMapper;

/** The admin settings, the security settings built on them, the test mail and mail to admin users. */
@Configuration(proxyBeanMethods = false)
class SettingsConfiguration {

    @Bean
    AdminSettingsService adminSettingsService(AdminSettingsRepository repository, ObjectMapper json, Clock clock) {
        return new AdminSettingsService(repository, json, clock);
    }

    @Bean
    SecuritySettingsService securitySettingsService(AdminSettingsService settings, ObjectMapper json) {
        return new SecuritySettingsService(settings, json);
    }

    @Bean
    TestMail testMail(AdminSettingsService settings) {
        return new TestMail(settings, new SmtpMailSender());
    }

    @Bean
    SystemMail systemMail(AdminSettingsRepository repository, ObjectMapper json) {
        return new SystemMail(repository, json, new SmtpMailSender());
    }
}
