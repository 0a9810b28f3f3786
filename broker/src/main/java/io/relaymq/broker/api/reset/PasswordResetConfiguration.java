package io.relaymq.broker.api.reset;

import io.relaymq.broker.api.ApiProperties;
import io.relaymq.broker.api.admin.AdminUserService;
import io.relaymq.broker.api.settings.SystemMail;
import io.relaymq.dao.admin.PasswordResetRepository;
import java.security.SecureRandom;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Password reset by e-mail, configured by {@code relaymq.api.password-reset}. */
@Configuration(proxyBeanMethods = false)
class PasswordResetConfiguration {

    @Bean
    ResetMailer resetMailer(SystemMail mail) {
        return new ResetMailer(mail);
    }

    @Bean
    ResetExecutor resetExecutor() {
        return new ResetExecutor();
    }

    @Bean
    PasswordResets passwordResets(
            AdminUserService users,
            PasswordResetRepository repository,
            SystemMail mail,
            ResetMailer mailer,
            ResetExecutor executor,
            ApiProperties properties,
            Clock clock) {
        ApiProperties.PasswordReset settings = properties.passwordReset();
        return new PasswordResets(
                users,
                repository,
                mail,
                mailer,
                new ResetTokens(new SecureRandom(), settings.tokenTtl()),
                new MailBudget(settings.maxMailsPerMinute()),
                settings.mailInterval(),
                clock,
                executor);
    }
}
