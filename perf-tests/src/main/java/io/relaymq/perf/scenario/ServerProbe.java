package io.relaymq.perf.scenario;

import java.util.Map;

/** Reads the resources the server side has used so far (all broker, Kafka, Redis and PostgreSQL processes). */
public interface ServerProbe {

    /** A probe for brokers whose processes we cannot see (a remote target). */
    ServerProbe NONE = new ServerProbe() {
        @Override
        public boolean known() {
            return false;
        }

        @Override
        public double cpuSeconds() {
            return 0;
        }

        @Override
        public long rssBytes() {
            return 0;
        }
    };

    boolean known();

    /** CPU seconds (user + system) used so far. */
    double cpuSeconds();

    /** Resident memory now, in bytes. */
    long rssBytes();

    /** CPU seconds so far per part of the server side (e.g. broker, kafka, redis, postgres); empty when unknown. */
    default Map<String, Double> cpuSecondsByPart() {
        return Map.of();
    }
}
