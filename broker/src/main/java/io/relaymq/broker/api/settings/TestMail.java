package io.relaymq.broker.api.settings;

import tools.jackson.databind.node.ObjectNode;

/**
 * TBMQ's test mail: the {@code mail} settings as the UI holds them (not yet saved), completed with the
 * stored passwords where they lack them, checked, and used to send one mail to the asking admin.
 */
public final class TestMail {

    private final AdminSettingsService settings;
    private final TestMailSender sender;

    TestMail(AdminSettingsService settings, TestMailSender sender) {
        this.settings = settings;
        this.sender = sender;
    }

    public void send(AdminSettingsView body, String to) {
        if (!SettingKey.MAIL.key().equals(body.key())) {
            throw new IllegalArgumentException("a test mail needs the mail settings (key mail)");
        }
        ObjectNode given = settings.checkedObject(body.jsonValue());
        ObjectNode complete = MailSecrets.withStoredSecrets(given, settings.value(SettingKey.MAIL));
        sender.send(MailSettings.of(SettingValues.mail(complete)), to);
    }
}
