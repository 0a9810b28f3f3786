package io.relaymq.broker.api.security;

import io.relaymq.broker.api.ApiProperties;
import io.relaymq.broker.api.error.ApiTooManyRequestsException;
import io.relaymq.dao.admin.LoginFailureRepository;
import java.time.Clock;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Limits password guessing on the admin API, cluster-wide. Every attempt is counted in PostgreSQL before
 * its password is checked, atomically, twice: for its (client address, user name) pair and for its
 * address. It is refused with HTTP 429 when the pair has had {@code maxFailures} or the address
 * {@code maxFailuresPerAddress} counted attempts within {@code lockDuration} of the latest. A success
 * clears its pair and takes its count back from the address. A stranger's failures thus lock out only
 * the stranger's own address, never the user it guesses at from elsewhere, and nodes racing each other
 * admit no more attempts in total than one node would.
 */
public final class LoginThrottle {

    private static final Logger log = LoggerFactory.getLogger(LoginThrottle.class);
    /** The user name of an address's own counter; real user names are never blank. */
    private static final String WHOLE_ADDRESS = "";

    private static final int MAX_ADDRESS_LENGTH = 64;

    private final LoginFailureRepository failures;
    private final ApiProperties.Login settings;
    private final Clock clock;
    private final AtomicLong nextPurge = new AtomicLong();

    public LoginThrottle(LoginFailureRepository failures, ApiProperties.Login settings, Clock clock) {
        this.failures = failures;
        this.settings = settings;
        this.clock = clock;
    }

    /**
     * Counts an attempt of {@code username} from {@code address} as a failure until {@link #succeeded} says
     * otherwise.
     *
     * @throws ApiTooManyRequestsException when the pair or the address has used up its attempts
     */
    public void admit(String username, String address) {
        long now = clock.millis();
        long windowStart = now - settings.lockDuration().toMillis();
        purgeNowAndThen(now, windowStart);
        String key = key(address);
        int perAddress = failures.count(key, WHOLE_ADDRESS, now, windowStart, settings.maxFailuresPerAddress());
        int perPair = failures.count(key, user(username), now, windowStart, settings.maxFailures());
        if (perPair > settings.maxFailures() || perAddress > settings.maxFailuresPerAddress()) {
            // debug: a locked-out caller may keep trying; the failures that locked it were logged as warnings
            log.debug(
                    "API login of {} from {} refused unchecked: {} recent failures for the pair, {} for the address",
                    username,
                    address,
                    perPair,
                    perAddress);
            throw new ApiTooManyRequestsException("too many failed logins; try again later", settings.lockDuration());
        }
    }

    /** The admitted attempt had the right password: its pair starts again from zero. */
    public void succeeded(String username, String address) {
        String key = key(address);
        failures.clear(key, user(username));
        failures.uncount(key, WHOLE_ADDRESS);
    }

    private void purgeNowAndThen(long now, long windowStart) {
        long due = nextPurge.get();
        if (now >= due
                && nextPurge.compareAndSet(due, now + settings.lockDuration().toMillis())) {
            failures.purge(windowStart);
        }
    }

    private static String user(String username) {
        return username.strip().toLowerCase(Locale.ROOT);
    }

    private static String key(String address) {
        return address.length() <= MAX_ADDRESS_LENGTH ? address : address.substring(0, MAX_ADDRESS_LENGTH);
    }
}
