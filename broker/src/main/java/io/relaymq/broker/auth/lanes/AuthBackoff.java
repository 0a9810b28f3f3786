package io.relaymq.broker.auth.lanes;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Duration;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The failure back-off in front of password hashing: per client address (many wrong passwords from one
 * place) and per credentials (guessing one user's password from many places). A backed-off attempt is
 * refused without hashing. An address that logged in with these credentials lately is not held back by
 * the credentials' back-off, so strangers guessing a known user name cannot lock that user's devices out.
 * Each back-off is logged once when it starts.
 */
public final class AuthBackoff {

    /** No back-off (tests, embedded use). */
    public static final AuthBackoff OFF = new AuthBackoff(0, 0, Duration.ofMinutes(5), System::nanoTime);

    private static final Logger log = LoggerFactory.getLogger(AuthBackoff.class);

    private final FailureBackoff addresses;
    private final FailureBackoff credentials;
    private final Cache<String, Boolean> knownGood;

    /**
     * @param failuresPerAddress     failed password checks from one address before it is backed off (0: never)
     * @param failuresPerCredentials failed password checks of one credentials before they are backed off (0: never)
     * @param max                    longest back-off; also how long failures and successful addresses are remembered
     */
    public AuthBackoff(int failuresPerAddress, int failuresPerCredentials, Duration max, LongSupplier nanoTime) {
        this.addresses = new FailureBackoff(failuresPerAddress, max, nanoTime);
        this.credentials = new FailureBackoff(failuresPerCredentials, max, nanoTime);
        this.knownGood = Caffeine.newBuilder()
                .maximumSize(FailureBackoff.MAX_KEYS)
                .expireAfterWrite(max)
                .ticker(nanoTime::getAsLong)
                .build();
    }

    /** How long attempts from {@code address} are still refused (zero: go on). */
    public Duration addressBackoff(String address) {
        return addresses.remaining(address);
    }

    /** Whether a wrong password came from {@code address} lately (its CONNECTs then queue behind the others). */
    public boolean failedLately(String address) {
        return addresses.failedLately(address);
    }

    /** How long attempts on {@code credentialsId} from {@code address} are still refused (zero: go on). */
    public Duration credentialsBackoff(String credentialsId, String address) {
        if (knownGood.getIfPresent(pair(credentialsId, address)) != null) {
            return Duration.ZERO;
        }
        return credentials.remaining(credentialsId);
    }

    /** A wrong password for {@code credentialsId} ({@code name} for the log) from {@code address}. */
    public void failed(String address, String credentialsId, String name) {
        Duration byAddress = addresses.failed(address);
        if (!byAddress.isZero()) {
            log.info("address {} backed off for {} s after too many wrong passwords", address, byAddress.toSeconds());
        }
        Duration byCredentials = credentials.failed(credentialsId);
        if (!byCredentials.isZero()) {
            log.info(
                    "credentials '{}' backed off for {} s after too many wrong passwords (last from {})",
                    name,
                    byCredentials.toSeconds(),
                    address);
        }
    }

    /**
     * The right password for {@code credentialsId} from {@code address}: that address is not held back by
     * these credentials' back-off from now on. The failures are kept (a login does not give a guesser new tries).
     */
    public void succeeded(String address, String credentialsId) {
        knownGood.put(pair(credentialsId, address), Boolean.TRUE);
    }

    private static String pair(String credentialsId, String address) {
        return credentialsId + '\n' + address;
    }
}
