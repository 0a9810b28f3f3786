package io.relaymq.perf.runner;

import io.relaymq.perf.scenario.ServerProbe;
import java.util.List;

/** A running broker a scenario is pointed at. */
interface Target extends AutoCloseable {

    String name();

    String host();

    List<Integer> ports();

    ServerProbe probe();

    @Override
    void close();
}
