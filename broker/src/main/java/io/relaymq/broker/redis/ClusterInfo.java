package io.relaymq.broker.redis;

/** The fields of a CLUSTER INFO answer that health cares about. */
record ClusterInfo(String state, int knownNodes) {

    static ClusterInfo parse(String info) {
        String state = "unknown";
        int known = 0;
        for (String line : info.split("\r?\n")) {
            if (line.startsWith("cluster_state:")) {
                state = line.substring("cluster_state:".length()).trim();
            } else if (line.startsWith("cluster_known_nodes:")) {
                known = Integer.parseInt(
                        line.substring("cluster_known_nodes:".length()).trim());
            }
        }
        return new ClusterInfo(state, known);
    }

    boolean ok() {
        return "ok".equals(state);
    }
}
