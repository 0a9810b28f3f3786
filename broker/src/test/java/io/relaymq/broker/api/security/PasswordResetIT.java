package io.relaymq.broker.api.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import io.relaymq.broker.support.ApiClient;
import io.relaymq.broker.support.RelayMqNodeTest;
import jakarta.mail.Address;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Password reset by e-mail against a real SMTP server in this JVM: the mailed token sets a new password
 * once, before it expires; unknown addresses and throttled requests get the same 200 and no mail.
 * Absent mail is proven by a later marker mail: the node sends reset mails one at a time, in order.
 */
@RelayMqNodeTest
class PasswordResetIT {

    private static final String OLD_PASSWORD = "old-password-4kd9";
    private static final String NEW_PASSWORD = "new-password-8qz2";
    private static final Pattern LINK =
            Pattern.compile("(http://\\S+/api/noauth/resetPassword\\?resetToken=)([A-Za-z0-9_-]+)");

    @LocalServerPort
    int port;

    private GreenMail smtp;
    private ApiClient admin;
    private ApiClient anonymous;
    private final List<String> userIds = new ArrayList<>();

    @BeforeEach
    void start() {
        smtp = new GreenMail(new ServerSetup(0, "127.0.0.1", ServerSetup.PROTOCOL_SMTP).dynamicPort());
        smtp.start();
        admin = ApiClient.admin(port);
        anonymous = ApiClient.anonymous(port);
        saveSetting("mail", mailSettings());
        saveSetting("general", Map.of("baseUrl", baseUrl(), "prohibitDifferentUrl", false));
    }

    @AfterEach
    void stop() {
        smtp.stop();
        userIds.forEach(id -> admin.delete("/api/admin/" + id));
    }

    @Test
    void theMailedTokenSetsANewPasswordOnceAndEndsTheOldTokens() throws Exception {
        String email = newUser();
        String oldAccess = login(email, OLD_PASSWORD).body().get("token").asString();
        assertThat(anonymous.withToken(oldAccess).get("/api/auth/user").status())
                .isEqualTo(200);

        assertThat(requestReset(email).status()).isEqualTo(200);
        Matcher link = awaitLink(email);
        assertThat(link.group(1)).isEqualTo(baseUrl() + "/api/noauth/resetPassword?resetToken=");
        String token = link.group(2);

        ApiClient.Response checked = anonymous.get("/api/noauth/resetPassword?resetToken=" + token);
        assertThat(checked.status()).isEqualTo(303);
        assertThat(checked.header("Location")).isEqualTo("/login/resetPassword?resetToken=" + token);

        ApiClient.Response reset = reset(token, NEW_PASSWORD);
        assertThat(reset.status()).as(reset.text()).isEqualTo(200);
        ApiClient.Response me =
                anonymous.withToken(reset.body().get("token").asString()).get("/api/auth/user");
        assertThat(me.body().get("email").asString()).isEqualTo(email);
        assertThat(reset.body().get("refreshToken").asString()).isNotBlank();

        assertThat(login(email, NEW_PASSWORD).status()).isEqualTo(200);
        assertThat(login(email, OLD_PASSWORD).status()).isEqualTo(401);
        assertThat(anonymous.withToken(oldAccess).get("/api/auth/user").status())
                .isEqualTo(401);

        ApiClient.Response again = reset(token, "another-password-3mv7");
        assertThat(again.status()).isEqualTo(400);
        assertThat(again.body().get("detail").asString()).isEqualTo("invalid or expired reset token");
        assertThat(anonymous
                        .get("/api/noauth/resetPassword?resetToken=" + token)
                        .status())
                .isEqualTo(409);
        assertThat(login(email, NEW_PASSWORD).status()).isEqualTo(200);
    }

    @Test
    void anExpiredTokenIsRefused() throws Exception {
        String email = newUser();
        requestReset(email);
        String token = awaitLink(email).group(2);

        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(500))
                .until(() -> anonymous
                                .get("/api/noauth/resetPassword?resetToken=" + token)
                                .status()
                        == 409);

        ApiClient.Response refused = reset(token, NEW_PASSWORD);
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body().get("detail").asString()).isEqualTo("invalid or expired reset token");
        assertThat(login(email, OLD_PASSWORD).status()).isEqualTo(200);
    }

    @Test
    void anUnknownAddressIsAnsweredAsAKnownOneAndGetsNoMail() throws Exception {
        String known = newUser();
        String unknown = "nobody-" + System.nanoTime() + "@example.com";

        ApiClient.Response forUnknown = requestReset(unknown);
        ApiClient.Response forKnown = requestReset(known);

        assertThat(forUnknown.status()).isEqualTo(200);
        assertThat(forUnknown.status()).isEqualTo(forKnown.status());
        assertThat(forUnknown.text()).isEqualTo(forKnown.text());
        awaitLink(known);
        assertThat(mailsTo(unknown)).isEmpty();
    }

    @Test
    void aSecondRequestWithinTheIntervalSendsNothingAndKeepsTheFirstToken() throws Exception {
        String email = newUser();
        String marker = newUser();

        assertThat(requestReset(email).status()).isEqualTo(200);
        String first = awaitLink(email).group(2);
        assertThat(requestReset(email).status()).isEqualTo(200);
        requestReset(marker);
        awaitLink(marker);

        assertThat(mailsTo(email)).hasSize(1);
        assertThat(reset(first, NEW_PASSWORD).status()).isEqualTo(200);
    }

    @Test
    void disablingTheUserOrChangingItsEmailEndsItsResetToken() throws Exception {
        String email = newUser();
        String id = userIds.get(userIds.size() - 1);
        requestReset(email);
        String token = awaitLink(email).group(2);

        saveUser(id, email, false);
        saveUser(id, email, true);
        assertThat(anonymous
                        .get("/api/noauth/resetPassword?resetToken=" + token)
                        .status())
                .isEqualTo(409);
        assertThat(reset(token, NEW_PASSWORD).status()).isEqualTo(400);

        String other = newUser();
        String otherId = userIds.get(userIds.size() - 1);
        requestReset(other);
        String otherToken = awaitLink(other).group(2);
        saveUser(otherId, "moved-" + other, true);
        assertThat(reset(otherToken, NEW_PASSWORD).status()).isEqualTo(400);
        assertThat(login("moved-" + other, OLD_PASSWORD).status()).isEqualTo(200);
    }

    @Test
    void withoutABaseUrlNoMailIsSent() throws Exception {
        String email = newUser();
        String marker = newUser();
        saveSetting("general", Map.of("baseUrl", "", "prohibitDifferentUrl", false));

        assertThat(requestReset(email).status()).isEqualTo(200);
        // the request runs on the node's reset thread after the answer: give it its turn (an idle queue
        // takes milliseconds) before the baseUrl is back; the marker below proves it ran, in order
        await().during(Duration.ofSeconds(2))
                .atMost(Duration.ofSeconds(5))
                .until(() -> mailsTo(email).isEmpty());
        saveSetting("general", Map.of("baseUrl", baseUrl(), "prohibitDifferentUrl", false));
        requestReset(marker);
        awaitLink(marker);

        assertThat(mailsTo(email)).isEmpty();
    }

    @Test
    void aPasswordBreakingThePolicyIs400AndLeavesTheTokenUsable() throws Exception {
        String email = newUser();
        requestReset(email);
        String token = awaitLink(email).group(2);

        ApiClient.Response weak = reset(token, "short");
        assertThat(weak.status()).isEqualTo(400);
        assertThat(weak.body().get("detail").asString()).contains("8");
        ApiClient.Response same = reset(token, OLD_PASSWORD);
        assertThat(same.status()).isEqualTo(400);
        assertThat(same.body().get("detail").asString()).contains("differ");

        assertThat(reset(token, NEW_PASSWORD).status()).isEqualTo(200);
    }

    @Test
    void oversizedOrMissingInputIs400() {
        assertThat(requestReset("a".repeat(251) + "@x.io").status()).isEqualTo(400);
        assertThat(anonymous.post("/api/noauth/resetPasswordByEmail", Map.of()).status())
                .isEqualTo(400);
        assertThat(reset("t".repeat(129), NEW_PASSWORD).status()).isEqualTo(400);
        assertThat(anonymous
                        .post("/api/noauth/resetPassword", Map.of("resetToken", "x"))
                        .status())
                .isEqualTo(400);
        assertThat(anonymous
                        .get("/api/noauth/resetPassword?resetToken=" + "t".repeat(129))
                        .status())
                .isEqualTo(400);
        assertThat(anonymous.get("/api/noauth/resetPassword?resetToken=unknown").status())
                .isEqualTo(409);
    }

    private String newUser() {
        String email = "reset-" + System.nanoTime() + "@example.com";
        ApiClient.Response created = admin.post("/api/admin", Map.of("email", email, "password", OLD_PASSWORD));
        assertThat(created.status()).as(created.text()).isEqualTo(200);
        userIds.add(created.body().get("id").asString());
        return email;
    }

    private void saveUser(String id, String email, boolean enabled) {
        ApiClient.Response saved = admin.post("/api/admin", Map.of("id", id, "email", email, "enabled", enabled));
        assertThat(saved.status()).as(saved.text()).isEqualTo(200);
    }

    private ApiClient.Response requestReset(String email) {
        return anonymous.post("/api/noauth/resetPasswordByEmail", Map.of("email", email));
    }

    private ApiClient.Response reset(String token, String password) {
        return anonymous.post("/api/noauth/resetPassword", Map.of("resetToken", token, "password", password));
    }

    private ApiClient.Response login(String email, String password) {
        return anonymous.post("/api/auth/login", Map.of("username", email, "password", password));
    }

    private Matcher awaitLink(String email) throws Exception {
        await().atMost(Duration.ofSeconds(20)).until(() -> !mailsTo(email).isEmpty());
        MimeMessage mail = mailsTo(email).get(0);
        assertThat(mail.getSubject()).isEqualTo("RelayMQ password reset");
        Matcher link = LINK.matcher(mail.getContent().toString());
        assertThat(link.find()).as("a reset link in the mail").isTrue();
        return link;
    }

    private List<MimeMessage> mailsTo(String email) {
        return Arrays.stream(smtp.getReceivedMessages())
                .filter(m -> recipients(m).contains(email))
                .toList();
    }

    private static List<String> recipients(MimeMessage message) {
        try {
            Address[] to = message.getAllRecipients();
            return to == null
                    ? List.of()
                    : Arrays.stream(to).map(Address::toString).toList();
        } catch (MessagingException e) {
            throw new IllegalStateException(e);
        }
    }

    private void saveSetting(String key, Map<String, Object> value) {
        ApiClient.Response saved = admin.post("/api/admin/settings", Map.of("key", key, "jsonValue", value));
        assertThat(saved.status()).as(saved.text()).isEqualTo(200);
    }

    private Map<String, Object> mailSettings() {
        Map<String, Object> mail = new LinkedHashMap<>();
        mail.put("mailFrom", "RelayMQ <relaymq@localhost>");
        mail.put("smtpProtocol", "smtp");
        mail.put("smtpHost", "127.0.0.1");
        mail.put("smtpPort", Integer.toString(smtp.getSmtp().getPort()));
        mail.put("timeout", "10000");
        mail.put("enableTls", false);
        mail.put("username", "");
        mail.put("password", "");
        mail.put("enableProxy", false);
        return mail;
    }

    private String baseUrl() {
        return "http://127.0.0.1:" + port;
    }
}
