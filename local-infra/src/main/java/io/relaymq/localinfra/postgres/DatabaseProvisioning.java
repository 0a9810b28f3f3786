package io.relaymq.localinfra.postgres;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** Creates the broker's login role and database once, through the superuser connection. */
final class DatabaseProvisioning {

    private DatabaseProvisioning() {}

    static void ensure(int port, String superuser, DatabaseSpec db) {
        String url = "jdbc:postgresql://127.0.0.1:" + port + "/postgres";
        try (Connection c = DriverManager.getConnection(url, superuser, "")) {
            if (!exists(c, "select 1 from pg_roles where rolname = ?", db.user())) {
                try (Statement s = c.createStatement()) {
                    s.execute("create role " + db.user() + " login password '"
                            + db.password().replace("'", "''") + "'");
                }
            }
            if (!exists(c, "select 1 from pg_database where datname = ?", db.name())) {
                try (Statement s = c.createStatement()) {
                    s.execute("create database " + db.name() + " owner " + db.user());
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create database " + db.name() + " on port " + port, e);
        }
    }

    static boolean answers(int port, String superuser) {
        String url = "jdbc:postgresql://127.0.0.1:" + port + "/postgres?connectTimeout=2";
        try (Connection c = DriverManager.getConnection(url, superuser, "");
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("select 1")) {
            return rs.next();
        } catch (SQLException e) {
            return false;
        }
    }

    private static boolean exists(Connection c, String sql, String value) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, value);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }
}
