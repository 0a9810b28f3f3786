package io.relaymq.broker.api.settings;

import static org.assertj.core.api.Assertions.assertThat;

import com.icegreen.greenmail.configuration.GreenMailConfiguration;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import io.relaymq.broker.support.ApiClient;
import io.relaymq.broker.support.RelayMqNodeTest;
import jakarta.mail.internet.MimeMessage;
import java.net.ServerSocket;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/** The test mail against a real SMTP server in this JVM: sent with the stored password, or a 400 saying why not. */
@RelayMqNodeTest
class TestMailIT {

    private static final String SMTP_USER = "relaymq-mailer";
    private static final String SMTP_PASSWORD = "smtp-password-7f3a";

    @LocalServerPort
    int port;

    private GreenMail smtp;
    private ApiClient api;

    @BeforeEach
    void start() {
        smtp = new GreenMail(new ServerSetup(0, "127.0.0.1", ServerSetup.PROTOCOL_SMTP).dynamicPort())
                .withConfiguration(GreenMailConfiguration.aConfig().withUser(SMTP_USER, SMTP_PASSWORD));
        smtp.start();
        api = ApiClient.admin(port);
    }

    @AfterEach
    void stop() {
        smtp.stop();
    }

    @Test
    void theTestMailReachesTheAdminWithTheStoredPassword() throws Exception {
        Map<String, Object> mail = mail(smtp.getSmtp().getPort());
        mail.put("password", SMTP_PASSWORD);
        ApiClient.Response saved = api.post("/api/admin/settings", Map.of("key", "mail", "jsonValue", mail));
        assertThat(saved.status()).as(saved.text()).isEqualTo(200);

        mail.remove("password");
        ApiClient.Response sent = api.post("/api/admin/settings/testMail", Map.of("key", "mail", "jsonValue", mail));

        assertThat(sent.status()).as(sent.text()).isEqualTo(200);
        assertThat(smtp.waitForIncomingEmail(10_000, 1)).isTrue();
        MimeMessage received = smtp.getReceivedMessages()[0];
        assertThat(received.getAllRecipients()[0].toString()).isEqualTo(ApiClient.ADMIN_EMAIL);
        assertThat(received.getSubject()).isEqualTo("RelayMQ test message");
        assertThat(received.getFrom()[0].toString()).contains("relaymq@localhost");
    }

    @Test
    void aRefusedLoginIsA400WithTheSmtpAnswerAndWithoutThePassword() {
        Map<String, Object> mail = mail(smtp.getSmtp().getPort());
        mail.put("password", "wrong-password-91c2");

        ApiClient.Response refused = api.post("/api/admin/settings/testMail", Map.of("key", "mail", "jsonValue", mail));

        assertThat(refused.status()).as(refused.text()).isEqualTo(400);
        assertThat(refused.body().get("detail").asString()).startsWith("the test mail was not sent: ");
        assertThat(refused.text()).doesNotContain("wrong-password-91c2");
        assertThat(smtp.getReceivedMessages()).isEmpty();
    }

    @Test
    void anUnreachableServerIsA400WithinTheTimeout() throws Exception {
        int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        Map<String, Object> mail = mail(closed);
        mail.put("password", SMTP_PASSWORD);
        mail.put("timeout", "2000");

        ApiClient.Response refused = api.post("/api/admin/settings/testMail", Map.of("key", "mail", "jsonValue", mail));

        assertThat(refused.status()).as(refused.text()).isEqualTo(400);
        assertThat(refused.body().get("detail").asString()).contains("the test mail was not sent");
        assertThat(api.post("/api/admin/settings/testMail", Map.of("key", "general", "jsonValue", Map.of()))
                        .status())
                .isEqualTo(400);
    }

    private static Map<String, Object> mail(int smtpPort) {
        Map<String, Object> mail = new LinkedHashMap<>();
        mail.put("mailFrom", "RelayMQ <relaymq@localhost>");
        mail.put("smtpProtocol", "smtp");
        mail.put("smtpHost", "127.0.0.1");
        mail.put("smtpPort", Integer.toString(smtpPort));
        mail.put("timeout", "10000");
        mail.put("enableTls", false);
        mail.put("username", SMTP_USER);
        mail.put("enableProxy", false);
        return mail;
    }
}
