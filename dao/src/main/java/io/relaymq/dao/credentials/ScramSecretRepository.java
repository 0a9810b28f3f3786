package io.relaymq.dao.credentials;

import io.relaymq.dao.jdbc.Jdbc;
import javax.sql.DataSource;

/** The cluster's SCRAM secret ({@code mqtt_scram_secret}, created by schema version 7 and never changed). */
public final class ScramSecretRepository {

    private final Jdbc jdbc;

    public ScramSecretRepository(DataSource dataSource) {
        this.jdbc = new Jdbc(dataSource);
    }

    public String secret() {
        return jdbc.queryOne("SELECT secret FROM mqtt_scram_secret WHERE id = 1", row -> row.getString("secret"))
                .orElseThrow(() -> new IllegalStateException("mqtt_scram_secret has no row: schema version 7 missing"));
    }
}
