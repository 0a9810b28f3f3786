package io.relaymq.broker.api.reset;

import io.relaymq.broker.api.admin.AdminUserService;
import io.relaymq.broker.api.settings.SystemMail;
import io.relaymq.dao.admin.AdminUser;
import io.relaymq.dao.admin.PasswordResetRepository;
import io.relaymq.dao.admin.PasswordResetRepository.ResetTokenOwner;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Password reset by e-mail for admin users. A request for an enabled user's address stores a new token
 * (replacing the user's earlier one) and mails it; a request for any other address does nothing, and
 * the caller cannot tell the two apart: the request is only queued while the caller waits, its lookup
 * and mail run later on the {@link ResetExecutor}. Mails are throttled per user (cluster-wide) and per
 * node; a throttled request keeps the user's earlier token. The token sets a new password once, before
 * it expires; the reset ends the user's earlier tokens.
 */
public final class PasswordResets {

    private static final Logger log = LoggerFactory.getLogger(PasswordResets.class);
    private static final String INVALID = "invalid or expired reset token";

    private final AdminUserService users;
    private final PasswordResetRepository repository;
    private final SystemMail mail;
    private final ResetMailer mailer;
    private final ResetTokens tokens;
    private final MailBudget budget;
    private final Duration mailInterval;
    private final Clock clock;
    private final Executor executor;
    private final LogPacer droppedLog = new LogPacer(60_000);
    private final LogPacer throttledLog = new LogPacer(60_000);
    private final LogPacer unconfiguredLog = new LogPacer(60_000);

    PasswordResets(
            AdminUserService users,
            PasswordResetRepository repository,
            SystemMail mail,
            ResetMailer mailer,
            ResetTokens tokens,
            MailBudget budget,
            Duration mailInterval,
            Clock clock,
            Executor executor) {
        this.users = users;
        this.repository = repository;
        this.mail = mail;
        this.mailer = mailer;
        this.tokens = tokens;
        this.budget = budget;
        this.mailInterval = mailInterval;
        this.clock = clock;
        this.executor = executor;
    }

    /**
     * Queues a reset link mail to the enabled admin user with this e-mail, if there is one and no throttle
     * holds when its turn comes; returns at once, before the lookup. A request that finds the queue full
     * is dropped (and logged, at most once a minute at INFO).
     */
    public void request(String email) {
        String address = email.strip();
        try {
            executor.execute(() -> run(address));
        } catch (RejectedExecutionException e) {
            paced(droppedLog, clock.millis(), "Password reset request dropped: too many requests are waiting");
        }
    }

    private void run(String email) {
        try {
            handle(email);
        } catch (RuntimeException e) {
            log.error("Password reset request failed", e);
        }
    }

    private void handle(String email) {
        Optional<AdminUser> user = users.repository().findByEmail(email).filter(AdminUser::enabled);
        if (user.isEmpty()) {
            log.debug("Password reset asked for an address without an enabled admin user");
            return;
        }
        Optional<String> baseUrl = mail.baseUrl();
        Optional<String> why = baseUrl.isEmpty()
                ? Optional.of("the general setting has no http(s) baseUrl for the link")
                : mail.whyNotConfigured();
        long now = clock.millis();
        if (why.isPresent()) {
            paced(unconfiguredLog, now, "Password reset mail not sent: " + why.get());
            return;
        }
        // the budget first: a request it refuses must keep the user's earlier token and interval
        if (!budget.take(now)) {
            paced(
                    throttledLog,
                    now,
                    "Password reset request throttled: this node's reset mails per minute are used up");
            return;
        }
        ResetTokens.Issued issued = tokens.issue(now);
        UUID id = user.get().id();
        boolean claimed;
        try {
            claimed = repository.claim(id, issued.hash(), issued.expiresTime(), now, now - mailInterval.toMillis());
        } catch (RuntimeException e) {
            budget.giveBack(now);
            throw e;
        }
        if (!claimed) {
            budget.giveBack(now);
            paced(
                    throttledLog,
                    now,
                    "Password reset request throttled: user " + id + " got one within " + mailInterval);
            return;
        }
        mailer.send(user.get().email(), baseUrl.get(), issued.token(), tokens.ttl());
    }

    /** Whether {@code token} would set a password now. */
    public boolean isValid(String token) {
        return owner(token).isPresent();
    }

    /**
     * Sets the password of the token's user and uses the token up; 400 when the token is unknown, used or
     * expired, or the password breaks the policy or is the current one. Answers the user as it is now.
     */
    public AdminUser reset(String token, String password) {
        ResetTokenOwner owner = owner(token).orElseThrow(() -> new IllegalArgumentException(INVALID));
        String hash = users.newPasswordHash(owner.passwordHash(), password);
        if (!repository.resetPassword(owner.userId(), ResetTokens.hash(token), hash, clock.millis())) {
            throw new IllegalArgumentException(INVALID);
        }
        log.info("Admin user {} set a new password with a reset token", owner.userId());
        return users.find(owner.userId());
    }

    private Optional<ResetTokenOwner> owner(String token) {
        if (!ResetTokens.wellFormed(token)) {
            return Optional.empty();
        }
        return repository.findValid(ResetTokens.hash(token), clock.millis());
    }

    private static void paced(LogPacer pacer, long now, String message) {
        if (pacer.due(now)) {
            log.info("{} (repeats within a minute are logged at DEBUG)", message);
        } else {
            log.debug(message);
        }
    }
}
