package io.relaymq.dao.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.dao.jdbc.Jdbc;
import io.relaymq.dao.schema.SchemaMigrations;
import io.relaymq.dao.support.ScratchSchema;
import io.relaymq.localinfra.junit.LocalStackExtension;
import io.relaymq.localinfra.stack.StackEndpoints;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Admin settings on a real PostgreSQL: version 4's ids and defaults, and saving by key. */
@ExtendWith(LocalStackExtension.class)
class AdminSettingsRepositoryIT {

    @Test
    void version4GivesExistingRowsAnIdAndInstallsTheDefaults(StackEndpoints stack) {
        try (ScratchSchema schema = new ScratchSchema(stack)) {
            Flyway.configure()
                    .dataSource(schema.dataSource())
                    .locations("classpath:db/migration")
                    .table("relaymq_schema_history")
                    .target("3")
                    .load()
                    .migrate();
            new Jdbc(schema.dataSource())
                    .update("INSERT INTO admin_settings (key, created_time, json_value) VALUES ('jwt', 5, '{}')");

            new SchemaMigrations(schema.dataSource()).migrate();

            AdminSettingsRepository settings = new AdminSettingsRepository(schema.dataSource());
            assertThat(settings.findRow("jwt").orElseThrow().id()).isNotNull();
            for (String key : new String[] {
                "general", "mail", "connectivity", "websocket", "securitySettings", "mqttAuthorization"
            }) {
                assertThat(settings.findRow(key)).as(key).isPresent();
            }
            assertThat(settings.find("securitySettings").orElseThrow()).contains("\"minimumLength\": 8");
        }
    }

    @Test
    void saveReplacesTheValueAndKeepsIdAndCreatedTime(StackEndpoints stack) {
        try (ScratchSchema schema = new ScratchSchema(stack)) {
            new SchemaMigrations(schema.dataSource()).migrate();
            AdminSettingsRepository settings = new AdminSettingsRepository(schema.dataSource());
            AdminSettingsRow before = settings.findRow("websocket").orElseThrow();

            AdminSettingsRow saved = settings.save("websocket", "{\"maxMessages\":5}", before.createdTime() + 1000);

            assertThat(saved.id()).isEqualTo(before.id());
            assertThat(saved.createdTime()).isEqualTo(before.createdTime());
            assertThat(saved.jsonValue()).isEqualTo("{\"maxMessages\":5}");
            assertThat(settings.findRow("websocket")).contains(saved);

            AdminSettingsRow created = settings.save("fresh", "{}", 42);
            assertThat(created.createdTime()).isEqualTo(42);
            assertThat(created.id()).isNotEqualTo(before.id());
        }
    }
}
