package io.relaymq.broker.api.reset;

import io.relaymq.broker.api.settings.SystemMail;
import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes and sends password reset mails, one at a time on a thread of their own: the request that asked
 * for one is answered at once, whether the mail goes out, fails or waits for a slow SMTP server, so the
 * answer's timing does not tell whether the address has an account. Mails are sent in the order asked.
 */
final class ResetMailer implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ResetMailer.class);
    /** More than a minute's mail budget of any sane setting; beyond it the SMTP server is not keeping up. */
    private static final int QUEUED_AT_MOST = 100;

    private final SystemMail mail;
    private final ThreadPoolExecutor executor = new ThreadPoolExecutor(
            1, 1, 0, TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(QUEUED_AT_MOST), ResetMailer::thread);

    ResetMailer(SystemMail mail) {
        this.mail = mail;
    }

    /** Queues the mail carrying {@code token} to {@code email}; links in it start with {@code baseUrl}. */
    void send(String email, String baseUrl, String token, Duration ttl) {
        String text = text(email, baseUrl, token, ttl);
        try {
            executor.execute(() -> deliver(email, text));
        } catch (RejectedExecutionException e) {
            log.warn(
                    "Password reset mail to {} dropped: {} mails are waiting for the SMTP server",
                    email,
                    QUEUED_AT_MOST);
        }
    }

    static String text(String email, String baseUrl, String token, Duration ttl) {
        return "A password reset was requested for the RelayMQ admin account " + email + ".\n\n"
                + "To choose a new password, open this link within " + human(ttl) + ":\n"
                + baseUrl + "/api/noauth/resetPassword?resetToken=" + token + "\n\n"
                + "Without a web UI, send the new password with the token to the admin API:\n"
                + "POST " + baseUrl + "/api/noauth/resetPassword {\"resetToken\": \"" + token
                + "\", \"password\": \"...\"}\n\n"
                + "The link works once. If you did not ask for it, ignore this mail: your password stays as it is.\n";
    }

    static String human(Duration ttl) {
        long seconds = ttl.toSeconds();
        if (seconds % 3600 == 0) {
            return plural(seconds / 3600, "hour");
        }
        return seconds % 60 == 0 ? plural(seconds / 60, "minute") : plural(seconds, "second");
    }

    @Override
    public void close() {
        executor.shutdown();
    }

    private void deliver(String email, String text) {
        try {
            mail.send(email, "RelayMQ password reset", text);
            log.info("Password reset mail sent to {}", email);
        } catch (SystemMail.NotSentException e) {
            log.warn("Password reset mail to {} not sent: {}", email, e.getMessage());
        } catch (RuntimeException e) {
            log.error("Password reset mail to {} failed", email, e);
        }
    }

    private static String plural(long count, String unit) {
        return count + " " + unit + (count == 1 ? "" : "s");
    }

    private static Thread thread(Runnable task) {
        Thread thread = new Thread(task, "relaymq-reset-mail");
        thread.setDaemon(true);
        return thread;
    }
}
