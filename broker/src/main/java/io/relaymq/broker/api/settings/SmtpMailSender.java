package io.relaymq.broker.api.settings;

import java.util.Properties;
import org.springframework.mail.MailException;
import org.springframework.mail.SimpleMailMessage;
import org.springframework.mail.javamail.JavaMailSenderImpl;

/**
 * Sends one test mail over SMTP with the given settings, within their timeout. A failure is a 400
 * saying what the SMTP side answered (never the settings' passwords).
 */
final class TestMailSender {

    void send(MailSettings settings, String to) {
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
        message.setSubject("RelayMQ test message");
        message.setText("This message was sent with RelayMQ's mail settings to check them.");
        try {
            sender.send(message);
        } catch (MailException e) {
            throw new IllegalArgumentException("the test mail was not sent: " + reason(e), e);
        }
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

    /** The deepest cause's message: what the SMTP server or the connection said. */
    private static String reason(Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        String message = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
        return message.strip().lines().findFirst().orElse("");
    }
}
