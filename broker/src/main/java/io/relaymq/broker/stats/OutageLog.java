package io.relaymq.broker.stats;

import org.slf4j.Logger;

/**
 * Logs a failing task once per outage: the first failure with its stack trace, the recovery once; the
 * failures in between are not logged again. Used from one thread.
 */
final class OutageLog {

    private final Logger log;
    private final String what;
    private boolean failing;
    private long failures;

    OutageLog(Logger log, String what) {
        this.log = log;
        this.what = what;
    }

    void failed(Exception e) {
        failures++;
        if (!failing) {
            failing = true;
            log.warn("{} failed; not logged again until it works again", what, e);
        }
    }

    void succeeded() {
        if (failing) {
            log.info("{} works again after {} failure(s)", what, failures);
            failing = false;
            failures = 0;
        }
    }

    boolean failing() {
        return failing;
    }
}
