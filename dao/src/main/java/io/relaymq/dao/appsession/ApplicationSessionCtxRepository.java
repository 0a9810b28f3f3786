package io.relaymq.dao.appsession;

import io.relaymq.dao.jdbc.Jdbc;
import java.util.Optional;
import javax.sql.DataSource;

/** In-flight state of persistent APPLICATION sessions between connections ({@code application_session_ctx}). */
public final class ApplicationSessionCtxRepository {

    private final Jdbc jdbc;

    public ApplicationSessionCtxRepository(DataSource dataSource) {
        this.jdbc = new Jdbc(dataSource);
    }

    public Optional<ApplicationSessionCtx> find(String clientId) {
        return jdbc.queryOne(
                "SELECT client_id, last_updated_time, publish_msg_infos, pubrel_msg_infos "
                        + "FROM application_session_ctx WHERE client_id = ?",
                row -> new ApplicationSessionCtx(
                        row.getString(1),
                        row.getLong(2),
                        ApplicationSessionCtx.read(row.getString(3)),
                        ApplicationSessionCtx.read(row.getString(4)),
                        ApplicationSessionCtx.sentBelow(row.getString(4))),
                clientId);
    }

    public void save(ApplicationSessionCtx ctx) {
        jdbc.update(
                "INSERT INTO application_session_ctx (client_id, last_updated_time, publish_msg_infos, pubrel_msg_infos) "
                        + "VALUES (?, ?, ?, ?) ON CONFLICT (client_id) DO UPDATE SET last_updated_time = EXCLUDED.last_updated_time, "
                        + "publish_msg_infos = EXCLUDED.publish_msg_infos, pubrel_msg_infos = EXCLUDED.pubrel_msg_infos",
                ctx.clientId(),
                ctx.lastUpdatedTime(),
                ApplicationSessionCtx.write(ctx.publishes()),
                ApplicationSessionCtx.writePubrels(ctx));
    }

    public boolean delete(String clientId) {
        return jdbc.update("DELETE FROM application_session_ctx WHERE client_id = ?", clientId) > 0;
    }
}
