package io.relaymq.perf.runner;

import io.relaymq.perf.scenario.ServerProbe;
import io.relaymq.perf.support.ProcCpu;
import java.util.Collection;
import java.util.function.Supplier;

/** The server side as a set of local processes, looked up anew on each reading (PostgreSQL forks backends). */
final class ServerProcesses implements ServerProbe {

    private final Supplier<Collection<Long>> pids;

    ServerProcesses(Supplier<Collection<Long>> pids) {
        this.pids = pids;
    }

    @Override
    public boolean known() {
        return true;
    }

    @Override
    public double cpuSeconds() {
        return ProcCpu.seconds(pids.get());
    }

    @Override
    public long rssBytes() {
        return ProcCpu.rssBytes(pids.get());
    }
}
