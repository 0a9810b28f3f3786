package io.relaymq.perf.runner;

import io.relaymq.perf.scenario.ServerProbe;
import java.util.List;
import java.util.Map;

/**
 * A broker that is already running. Its CPU and memory are measured only when its process ids are given
 * ({@code server-pids}) and it runs on this machine.
 */
final class ExternalTarget implements Target {

    private final String name;
    private final String host;
    private final List<Integer> ports;
    private final List<Long> pids;

    ExternalTarget(String name, String host, List<Integer> ports, List<Long> pids) {
        this.name = name;
        this.host = host;
        this.ports = List.copyOf(ports);
        this.pids = List.copyOf(pids);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String host() {
        return host;
    }

    @Override
    public List<Integer> ports() {
        return ports;
    }

    @Override
    public ServerProbe probe() {
        return pids.isEmpty() ? ServerProbe.NONE : new ServerProcesses(Map.of(name, () -> pids));
    }

    @Override
    public void close() {
        // not ours to stop
    }
}
