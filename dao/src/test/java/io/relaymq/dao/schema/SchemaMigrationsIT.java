package io.relaymq.dao.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relaymq.dao.jdbc.Jdbc;
import io.relaymq.dao.support.ScratchSchema;
import io.relaymq.localinfra.junit.LocalStackExtension;
import io.relaymq.localinfra.stack.StackEndpoints;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The versioned migrations on a real PostgreSQL: applied once, idempotent, and a newer schema refused. */
@ExtendWith(LocalStackExtension.class)
class SchemaMigrationsIT {

    @Test
    void migratesAnEmptyDatabaseAndDoesNothingTheSecondTime(StackEndpoints stack) {
        try (ScratchSchema schema = new ScratchSchema(stack)) {
            SchemaMigrations migrations = new SchemaMigrations(schema.dataSource());
            assertThat(migrations.migrate().migrationsExecuted).isGreaterThanOrEqualTo(1);
            assertThat(migrations.migrate().migrationsExecuted).isZero();
            Jdbc jdbc = new Jdbc(schema.dataSource());
            assertThat(jdbc.query(
                            "SELECT type FROM mqtt_auth_provider WHERE enabled ORDER BY type", r -> r.getString(1)))
                    .containsExactly("MQTT_BASIC", "X_509");
            assertThat(jdbc.query(
                            "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()",
                            r -> r.getString(1)))
                    .contains(
                            "mqtt_client_credentials",
                            "admin_user",
                            "admin_settings",
                            "mqtt_auth_provider",
                            "application_session_ctx",
                            "generic_client_session_ctx",
                            "application_shared_subscription",
                            "unauthorized_client");
        }
    }

    @Test
    void version3RenamesCertificateCredentialsToSsl(StackEndpoints stack) {
        try (ScratchSchema schema = new ScratchSchema(stack)) {
            Flyway.configure()
                    .dataSource(schema.dataSource())
                    .locations("classpath:db/migration")
                    .table("relaymq_schema_history")
                    .target("2")
                    .load()
                    .migrate();
            Jdbc jdbc = new Jdbc(schema.dataSource());
            jdbc.update("INSERT INTO mqtt_client_credentials (id, created_time, name, client_type, credentials_type,"
                    + " credentials_id, credentials_value) VALUES (gen_random_uuid(), 1, 'meter', 'DEVICE', 'X_509',"
                    + " 'ssl|meter-1', '{\"certCnPattern\":\"meter-1\"}')");

            new SchemaMigrations(schema.dataSource()).migrate();

            assertThat(jdbc.query("SELECT credentials_type FROM mqtt_client_credentials", r -> r.getString(1)))
                    .containsExactly("SSL");
            assertThatThrownBy(() -> jdbc.update("UPDATE mqtt_client_credentials SET credentials_type = 'X_509'"))
                    .hasMessageContaining("credentials_type_check");
        }
    }

    @Test
    void refusesADatabaseMigratedByANewerVersion(StackEndpoints stack) {
        try (ScratchSchema schema = new ScratchSchema(stack)) {
            SchemaMigrations migrations = new SchemaMigrations(schema.dataSource());
            migrations.migrate();
            new Jdbc(schema.dataSource())
                    .update("INSERT INTO relaymq_schema_history (installed_rank, version, description,"
                            + " type, script, checksum, installed_by, execution_time, success) VALUES (999, '999', 'from the future',"
                            + " 'SQL', 'V999__from_the_future.sql', 1, current_user, 1, true)");

            assertThatThrownBy(migrations::migrate)
                    .isInstanceOf(SchemaMigrations.SchemaTooNewException.class)
                    .hasMessageContaining("version 999")
                    .hasMessageContaining(
                            "only knows up to " + migrations.latestKnown().getVersion());
        }
    }
}
