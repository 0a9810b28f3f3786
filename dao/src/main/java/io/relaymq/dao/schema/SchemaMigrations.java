package io.relaymq.dao.schema;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Optional;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.MigrationVersion;
import org.flywaydb.core.api.output.MigrateResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings the PostgreSQL schema to the version this build knows, with the versioned scripts under
 * {@code db/migration}. Running it again is a no-op. A database already migrated by a newer build is
 * refused: an older node must not write into tables whose meaning it does not know.
 */
public final class SchemaMigrations {

    private static final Logger log = LoggerFactory.getLogger(SchemaMigrations.class);

    private final Flyway flyway;

    public SchemaMigrations(DataSource dataSource) {
        this.flyway = Flyway.configure()
                .dataSource(dataSource)
                .locations("classpath:db/migration")
                .table("relaymq_schema_history")
                .validateMigrationNaming(true)
                .load();
    }

    /** Applies the missing migrations; throws {@link SchemaTooNewException} when the database is ahead. */
    public MigrateResult migrate() {
        Optional<MigrationVersion> future = Arrays.stream(flyway.info().all())
                .filter(SchemaMigrations::isFuture)
                .map(MigrationInfo::getVersion)
                .max(Comparator.naturalOrder());
        if (future.isPresent()) {
            throw new SchemaTooNewException(
                    future.get().getVersion(), latestKnown().getVersion());
        }
        MigrateResult result = flyway.migrate();
        log.info(
                "PostgreSQL schema at version {} ({} migration(s) applied now)",
                latestKnown().getVersion(),
                result.migrationsExecuted);
        return result;
    }

    /** The newest version this build has a script for. */
    public MigrationVersion latestKnown() {
        return Arrays.stream(flyway.info().all())
                .filter(info -> info.getVersion() != null && !isFuture(info))
                .map(MigrationInfo::getVersion)
                .max(Comparator.naturalOrder())
                .orElse(MigrationVersion.EMPTY);
    }

    /** Applied by a newer build: the database has it, this build has no script for it. */
    private static boolean isFuture(MigrationInfo info) {
        return info.getState().name().startsWith("FUTURE");
    }

    /** The database was migrated by a newer RelayMQ than this one. */
    public static final class SchemaTooNewException extends IllegalStateException {
        public SchemaTooNewException(String applied, String known) {
            super("the PostgreSQL schema is at version " + applied + " but this RelayMQ only knows up to " + known
                    + "; run the newer RelayMQ version (or restore the database) instead");
        }
    }
}
