package io.relaymq.perf.runner;

import io.relaymq.perf.scenario.ServerProbe;
import java.util.List;

/** A comparison broker that is one local process the runner started, on one loopback port. */
final class LocalProcessTarget implements Target {

    private final String name;
    private final Process process;
    private final int port;

    LocalProcessTarget(String name, Process process, int port) {
        this.name = name;
        this.process = process;
        this.port = port;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String host() {
        return "127.0.0.1";
    }

    @Override
    public List<Integer> ports() {
        return List.of(port);
    }

    @Override
    public ServerProbe probe() {
        return ServerProcesses.single(name, process.pid());
    }

    @Override
    public void close() {
        Ports.stop(process);
    }
}
