package io.relaymq.broker.api.settings;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

class MailSecretsTest {

    private static final ObjectMapper JSON = JsonMapper.builder().build();

    @Test
    void theStoredPasswordsFillInForTheSameServers() {
        ObjectNode given = stored();
        given.remove("password");
        given.putNull("proxyPassword");
        given.put("smtpPort", 587);
        given.put("timeout", "5000");

        ObjectNode complete = MailSecrets.withStoredSecrets(given, stored());

        assertThat(complete.get("password").asString()).isEqualTo("smtp-secret");
        assertThat(complete.get("proxyPassword").asString()).isEqualTo("proxy-secret");
    }

    @Test
    void aGivenPasswordIsKept() {
        ObjectNode given = stored();
        given.put("smtpHost", "other.example.com");
        given.put("password", "new-secret");

        assertThat(MailSecrets.withStoredSecrets(given, stored())
                        .get("password")
                        .asString())
                .isEqualTo("new-secret");
    }

    @Test
    void theStoredSmtpPasswordIsNotHandedToAnotherServerOrUser() {
        for (String[] change : new String[][] {
            {"smtpHost", "attacker.example.com"}, {"smtpPort", "2525"}, {"smtpProtocol", "smtps"}, {"username", "eve"}
        }) {
            ObjectNode given = stored();
            given.remove("password");
            given.put(change[0], change[1]);

            ObjectNode complete = MailSecrets.withStoredSecrets(given, stored());

            assertThat(complete.has("password")).as(change[0]).isFalse();
            assertThat(complete.get("proxyPassword").asString()).as(change[0]).isEqualTo("proxy-secret");
        }
    }

    @Test
    void theStoredProxyPasswordIsNotHandedToAnotherProxyOrUser() {
        for (String[] change :
                new String[][] {{"proxyHost", "attacker.example.com"}, {"proxyPort", "3129"}, {"proxyUser", "eve"}}) {
            ObjectNode given = stored();
            given.remove("proxyPassword");
            given.put(change[0], change[1]);

            ObjectNode complete = MailSecrets.withStoredSecrets(given, stored());

            assertThat(complete.has("proxyPassword")).as(change[0]).isFalse();
            assertThat(complete.get("password").asString()).as(change[0]).isEqualTo("smtp-secret");
        }
    }

    @Test
    void aServerFieldLeftOutIsAChangeUnlessItWasAbsentBefore() {
        ObjectNode given = stored();
        given.remove("password");
        given.remove("smtpHost");
        assertThat(MailSecrets.withStoredSecrets(given, stored()).has("password"))
                .isFalse();

        ObjectNode storedWithoutProtocol = stored();
        storedWithoutProtocol.remove("smtpProtocol");
        ObjectNode smtp = stored();
        smtp.remove("password");
        assertThat(MailSecrets.withStoredSecrets(smtp, storedWithoutProtocol).has("password"))
                .isTrue();
    }

    @Test
    void theAnswerLeavesTheSecretsOut() {
        assertThat(MailSecrets.withoutSecrets(stored()).has("password")).isFalse();
        assertThat(MailSecrets.withoutSecrets(stored()).has("proxyPassword")).isFalse();
    }

    private static ObjectNode stored() {
        ObjectNode mail = JSON.createObjectNode();
        mail.put("smtpProtocol", "smtp");
        mail.put("smtpHost", "smtp.example.com");
        mail.put("smtpPort", "587");
        mail.put("username", "relaymq");
        mail.put("password", "smtp-secret");
        mail.put("enableProxy", true);
        mail.put("proxyHost", "proxy.example.com");
        mail.put("proxyPort", 3128);
        mail.put("proxyUser", "relaymq-proxy");
        mail.put("proxyPassword", "proxy-secret");
        return mail;
    }
}
