package io.relaymq.perf.runner;

import io.relaymq.perf.scenario.ServerProbe;
import io.relaymq.perf.support.ProcCpu;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The server side as named groups of local processes (broker, kafka, redis, postgres), looked up anew on
 * each reading because PostgreSQL forks a backend per connection.
 */
final class ServerProcesses implements ServerProbe {

    private final Map<String, Supplier<Collection<Long>>> parts;

    ServerProcesses(Map<String, Supplier<Collection<Long>>> parts) {
        this.parts = new LinkedHashMap<>(parts);
    }

    /** A server that is one process. */
    static ServerProcesses single(String name, long pid) {
        return new ServerProcesses(Map.of(name, () -> List.of(pid)));
    }

    private List<Long> all() {
        List<Long> pids = new ArrayList<>();
        parts.values().forEach(part -> pids.addAll(part.get()));
        return pids;
    }

    @Override
    public boolean known() {
        return true;
    }

    @Override
    public double cpuSeconds() {
        return ProcCpu.seconds(all());
    }

    @Override
    public long rssBytes() {
        return ProcCpu.rssBytes(all());
    }

    @Override
    public Map<String, Double> cpuSecondsByPart() {
        Map<String, Double> byPart = new LinkedHashMap<>();
        parts.forEach((name, pids) -> byPart.put(name, ProcCpu.seconds(pids.get())));
        return byPart;
    }
}
