package io.relaymq.broker.api.settings;

import java.util.Properties;
import org.springframework.mail.MailException;
import org.springframework.mail.SimpleMailMessage;
import org.springframework.mail.javamail.JavaMailSenderImpl;

/**
 * Sends one plain-text mail over SMTP with the given mail settings, within their timeout: the one way
 * RelayMQ sends mail (the test mail, the password reset mail).
 */
final class SmtpMailSender {

    /** Sends the mail; a {@link MailException} when the SMTP side refused it or could not be reached. */
    void send(MailSettings settings, String to, String subject, String text) {
        JavaMailSenderImpl sender = new JavaMailSenderImpl();
        sender.setProtocol(settings.protocol());
        sender.setHost(settings.host());
        sender.setPort(settings.port());
        if (!settings.username().isEmpty()) {
            sender.setUsername(settings.username());
            sender.setPassword(settings.password());
        }
        sender.setJavaMailProperties(properties(settings));
        SimpleMailMessage message = new SimpleMailMessage();
        if (!settings.mailFrom().isBlank()) {
            message.setFrom(settings.mailFrom());
        }
        message.setTo(to);
        message.setSubject(subject);
        message.setText(text);
        sender.send(message);
    }

    /** The deepest cause's message: what the SMTP server or the connection said (never the settings' passwords). */
    static String reason(Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        String message = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
        return message.strip().lines().findFirst().orElse("");
    }

    private static Properties properties(MailSettings settings) {
        String prefix = "mail." + settings.protocol() + ".";
        String timeout = Integer.toString(settings.timeoutMillis());
        Properties properties = new Properties();
        properties.put(prefix + "auth", Boolean.toString(!settings.username().isEmpty()));
        properties.put(prefix + "connectiontimeout", timeout);
        properties.put(prefix + "timeout", timeout);
        properties.put(prefix + "writetimeout", timeout);
        if (settings.enableTls()) {
            properties.put(prefix + "starttls.enable", "true");
            properties.put(prefix + "starttls.required", "true");
        }
        if (settings.enableTls() || settings.protocol().equals("smtps")) {
            if (!settings.tlsVersion().isBlank()) {
                properties.put(prefix + "ssl.protocols", settings.tlsVersion());
            }
            properties.put(prefix + "ssl.checkserveridentity", "true");
        }
        if (settings.enableProxy()) {
            properties.put(prefix + "proxy.host", settings.proxyHost());
            properties.put(prefix + "proxy.port", Integer.toString(settings.proxyPort()));
            if (!settings.proxyUser().isEmpty()) {
                properties.put(prefix + "proxy.user", settings.proxyUser());
                properties.put(prefix + "proxy.password", settings.proxyPassword());
            }
        }
        return properties;
    }
}
