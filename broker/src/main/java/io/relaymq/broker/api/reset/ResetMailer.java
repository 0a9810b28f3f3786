package io.relaymq.broker.api.reset;

import io.relaymq.broker.api.settings.SystemMail;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes and sends password reset mails. It is called on the {@link ResetExecutor}'s thread, so the
 * request that asked for a mail has been answered already, whether the mail goes out, fails or waits
 * for a slow SMTP server.
 */
final class ResetMailer {

    private static final Logger log = LoggerFactory.getLogger(ResetMailer.class);

    private final SystemMail mail;

    ResetMailer(SystemMail mail) {
        this.mail = mail;
    }

    /** Sends the mail carrying {@code token} to {@code email} now; links in it start with {@code baseUrl}. */
    void send(String email, String baseUrl, String token, Duration ttl) {
        deliver(email, text(email, baseUrl, token, ttl));
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
}
