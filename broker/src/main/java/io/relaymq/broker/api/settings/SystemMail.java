package io.relaymq.broker.api.settings;

import io.relaymq.dao.admin.AdminSettingsRepository;
import java.net.URI;
import java.util.Locale;
import java.util.Optional;
import org.springframework.mail.MailException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Mail from RelayMQ to its admin users, sent with the stored {@code mail} settings, and the address
 * links in such mail start with: the {@code general} setting's {@code baseUrl}. Both are read from
 * PostgreSQL on every use, so a setting saved through any node holds on all of them.
 */
public final class SystemMail {

    /** Why a mail was not sent; says nothing secret. */
    public static final class NotSentException extends RuntimeException {
        NotSentException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private final AdminSettingsRepository repository;
    private final ObjectMapper json;
    private final SmtpMailSender sender;

    SystemMail(AdminSettingsRepository repository, ObjectMapper json, SmtpMailSender sender) {
        this.repository = repository;
        this.json = json;
        this.sender = sender;
    }

    /** The {@code general} setting's http(s) {@code baseUrl} without a trailing slash; empty when missing or not one. */
    public Optional<String> baseUrl() {
        String url = stored(SettingKey.GENERAL)
                .map(v -> v.path("baseUrl").asString(""))
                .orElse("")
                .strip();
        try {
            URI uri = new URI(url);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            boolean web = (scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null;
            return web ? Optional.of(url.replaceAll("/+$", "")) : Optional.empty();
        } catch (java.net.URISyntaxException e) {
            return Optional.empty();
        }
    }

    /** Why mail cannot be sent (no stored {@code mail} setting, or one without an SMTP host); empty when it can. */
    public Optional<String> whyNotConfigured() {
        try {
            settings();
            return Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.of(e.getMessage());
        }
    }

    /** Sends one plain-text mail; a {@link NotSentException} saying why when it could not be. */
    public void send(String to, String subject, String text) {
        MailSettings settings;
        try {
            settings = settings();
        } catch (IllegalArgumentException e) {
            throw new NotSentException(e.getMessage(), e);
        }
        try {
            sender.send(settings, to, subject, text);
        } catch (MailException e) {
            throw new NotSentException(SmtpMailSender.reason(e), e);
        }
    }

    private MailSettings settings() {
        ObjectNode value =
                stored(SettingKey.MAIL).orElseThrow(() -> new IllegalArgumentException("no mail settings are stored"));
        return MailSettings.of(SettingValues.mail(value));
    }

    private Optional<ObjectNode> stored(SettingKey key) {
        return repository
                .findRow(key.key())
                .map(row -> json.readTree(row.jsonValue()))
                .filter(JsonNode::isObject)
                .map(ObjectNode.class::cast);
    }
}
