package io.relaymq.dao.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relaymq.dao.jdbc.Jdbc;
import io.relaymq.dao.support.ScratchSchema;
import io.relaymq.localinfra.junit.LocalStackExtension;
import io.relaymq.localinfra.stack.StackEndpoints;
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
