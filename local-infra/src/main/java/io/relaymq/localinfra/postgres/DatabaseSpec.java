package io.relaymq.localinfra.postgres;

/** The database and login role created for the broker. */
public record DatabaseSpec(String name, String user, String password) {

    public static DatabaseSpec defaults() {
        return new DatabaseSpec("relaymq", "relaymq", "relaymq");
    }

    public DatabaseSpec {
        if (!name.matches("[a-z_][a-z0-9_]*") || !user.matches("[a-z_][a-z0-9_]*")) {
            throw new IllegalArgumentException("database and user names must be lower-case SQL identifiers");
        }
    }
}
