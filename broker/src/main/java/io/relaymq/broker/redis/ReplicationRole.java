package io.relaymq.broker.redis;

/** The {@code role} field of an INFO replication answer: whether the server connected to takes writes. */
record ReplicationRole(String role) {

    static ReplicationRole parse(String info) {
        for (String line : info.split("\r?\n")) {
            if (line.startsWith("role:")) {
                return new ReplicationRole(line.substring("role:".length()).trim());
            }
        }
        return new ReplicationRole("unknown");
    }

    boolean master() {
        return "master".equals(role);
    }
}
