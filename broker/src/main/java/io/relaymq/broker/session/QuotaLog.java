package io.relaymq.broker.session;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;
import org.slf4j.Logger;

/**
 * Logs that a client hit a quota at most once per interval per client, with how often it happened since
 * the last line, so a client hammering a cap cannot flood the log. Remembers a bounded number of clients
 * (the least recently logged are forgotten first). Thread-safe.
 */
public final class QuotaLog {

    private static final int MAX_CLIENTS = 10_000;

    private final Logger log;
    private final String what;
    private final long intervalMillis;
    private final LongSupplier millis;
    private final Map<String, long[]> byClient = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, long[]> eldest) {
            return size() > MAX_CLIENTS;
        }
    };

    /** @param what the quota, as the log line names it (e.g. "retained messages quota exceeded") */
    public QuotaLog(Logger log, String what, long intervalMillis, LongSupplier millis) {
        this.log = log;
        this.what = what;
        this.intervalMillis = intervalMillis;
        this.millis = millis;
    }

    /** Once a minute per client, on the wall clock. */
    public QuotaLog(Logger log, String what) {
        this(log, what, 60_000, System::currentTimeMillis);
    }

    /** Records one hit; logs it when the client's last line is older than the interval. True when logged. */
    public boolean hit(String clientId, String detail) {
        long now = millis.getAsLong();
        long suppressed;
        synchronized (byClient) {
            long[] state = byClient.get(clientId);
            if (state != null && now - state[0] < intervalMillis) {
                state[1]++;
                return false;
            }
            suppressed = state == null ? 0 : state[1];
            byClient.put(clientId, new long[] {now, 0});
        }
        if (suppressed > 0) {
            log.warn("[{}] {}: {} ({} more since the last report)", clientId, what, detail, suppressed);
        } else {
            log.warn("[{}] {}: {}", clientId, what, detail);
        }
        return true;
    }
}
