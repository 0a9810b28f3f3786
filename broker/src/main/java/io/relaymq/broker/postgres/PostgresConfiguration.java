package io.relaymq.broker.postgres;

import io.relaymq.dao.admin.AdminSettingsRepository;
import io.relaymq.dao.admin.AdminUserRepository;
import io.relaymq.dao.admin.LoginFailureRepository;
import io.relaymq.dao.admin.PasswordResetRepository;
import io.relaymq.dao.admin.RefreshTokenRepository;
import io.relaymq.dao.appsession.ApplicationSessionCtxRepository;
import io.relaymq.dao.appshared.AppSharedSubscriptionRepository;
import io.relaymq.dao.auth.AuthProviderRepository;
import io.relaymq.dao.auth.UnauthorizedClientRepository;
import io.relaymq.dao.credentials.CredentialsRepository;
import io.relaymq.dao.credentials.ScramSecretRepository;
import io.relaymq.dao.schema.SchemaMigrations;
import io.relaymq.dao.stats.HourStatsRepository;
import io.relaymq.dao.stats.MinuteStatsRepository;
import javax.sql.DataSource;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.DependsOn;

/**
 * The PostgreSQL schema is migrated once PostgreSQL answers and before any repository is used; a
 * schema newer than this build stops the start.
 */
@Configuration(proxyBeanMethods = false)
class PostgresConfiguration {

    /** Marks that the schema is current; repositories depend on it. */
    record MigratedSchema(String version) {}

    @Bean
    @DependsOn("dependencyCheck")
    MigratedSchema migratedSchema(DataSource dataSource) {
        SchemaMigrations migrations = new SchemaMigrations(dataSource);
        migrations.migrate();
        return new MigratedSchema(migrations.latestKnown().getVersion());
    }

    @Bean
    CredentialsRepository credentialsRepository(DataSource dataSource, MigratedSchema schema) {
        return new CredentialsRepository(dataSource);
    }

    @Bean
    AuthProviderRepository authProviderRepository(DataSource dataSource, MigratedSchema schema) {
        return new AuthProviderRepository(dataSource);
    }

    @Bean
    ScramSecretRepository scramSecretRepository(DataSource dataSource, MigratedSchema schema) {
        return new ScramSecretRepository(dataSource);
    }

    @Bean
    UnauthorizedClientRepository unauthorizedClientRepository(DataSource dataSource, MigratedSchema schema) {
        return new UnauthorizedClientRepository(dataSource);
    }

    @Bean
    AdminUserRepository adminUserRepository(DataSource dataSource, MigratedSchema schema) {
        return new AdminUserRepository(dataSource);
    }

    @Bean
    AppSharedSubscriptionRepository appSharedSubscriptionRepository(DataSource dataSource, MigratedSchema schema) {
        return new AppSharedSubscriptionRepository(dataSource);
    }

    @Bean
    AdminSettingsRepository adminSettingsRepository(DataSource dataSource, MigratedSchema schema) {
        return new AdminSettingsRepository(dataSource);
    }

    @Bean
    ApplicationSessionCtxRepository applicationSessionCtxRepository(DataSource dataSource, MigratedSchema schema) {
        return new ApplicationSessionCtxRepository(dataSource);
    }

    @Bean
    LoginFailureRepository loginFailureRepository(DataSource dataSource, MigratedSchema schema) {
        return new LoginFailureRepository(dataSource);
    }

    @Bean
    RefreshTokenRepository refreshTokenRepository(DataSource dataSource, MigratedSchema schema) {
        return new RefreshTokenRepository(dataSource);
    }

    @Bean
    PasswordResetRepository passwordResetRepository(DataSource dataSource, MigratedSchema schema) {
        return new PasswordResetRepository(dataSource);
    }

    @Bean
    MinuteStatsRepository minuteStatsRepository(DataSource dataSource, MigratedSchema schema) {
        return new MinuteStatsRepository(dataSource);
    }

    @Bean
    HourStatsRepository hourStatsRepository(DataSource dataSource, MigratedSchema schema) {
        return new HourStatsRepository(dataSource);
    }
}
