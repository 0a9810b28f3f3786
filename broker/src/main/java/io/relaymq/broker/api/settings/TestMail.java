package io.relaymq.broker.api.settings;

import org.springframework.mail.MailException;
import tools.jackson.databind.node.ObjectNode;

/**
 * TBMQ's test mail: the {@code mail} settings as the UI holds them (not yet saved), completed with the
 * stored passwords where they lack them and name the stored server and user (see {@link MailSecrets}),
 * checked, and used to send one mail to the asking admin. A
 * failure is a 400 saying what the SMTP side answered (never the settings' passwords).
 */
public final class TestMail {

    private final AdminSettingsService settings;
    private final SmtpMailSender sender;

    TestMail(AdminSettingsService settings, SmtpMailSender sender) {
        this.settings = settings;
        this.sender = sender;
    }

    public void send(AdminSettingsView body, String to) {
        if (!SettingKey.MAIL.key().equals(body.key())) {
            throw new IllegalArgumentException("a test mail needs the mail settings (key mail)");
        }
        ObjectNode given = settings.checkedObject(body.jsonValue());
        ObjectNode complete = MailSecrets.withStoredSecrets(given, settings.value(SettingKey.MAIL));
        try {
            sender.send(
                    MailSettings.of(SettingValues.mail(complete)),
                    to,
                    "RelayMQ test message",
                    "This message was sent with RelayMQ's mail settings to check them.");
        } catch (MailException e) {
            throw new IllegalArgumentException("the test mail was not sent: " + SmtpMailSender.reason(e), e);
        }
    }
}
