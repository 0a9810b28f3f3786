package io.relaymq.broker.api.settings;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

class SettingValuesTest {

    @Test
    void theProxyHostAndPortAreCheckedWhetherOrNotTheProxyIsEnabled() {
        ObjectNode badHost = mail().put("enableProxy", false).put("proxyHost", "evil host/../x");
        assertThatThrownBy(() -> SettingValues.mail(badHost))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("proxyHost");

        ObjectNode badPort = mail().put("enableProxy", false).put("proxyPort", "70000");
        assertThatThrownBy(() -> SettingValues.mail(badPort))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("proxyPort");

        ObjectNode badEnabledHost = mail().put("enableProxy", true).put("proxyHost", "a b");
        assertThatThrownBy(() -> SettingValues.mail(badEnabledHost)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aValidOrEmptyProxyIsAccepted() {
        assertThatCode(() -> SettingValues.mail(mail().put("enableProxy", true)
                        .put("proxyHost", "proxy.example.com")
                        .put("proxyPort", 3128)))
                .doesNotThrowAnyException();
        assertThatCode(() -> SettingValues.mail(
                        mail().put("enableProxy", false).put("proxyHost", "").put("proxyPort", "")))
                .doesNotThrowAnyException();
    }

    private static ObjectNode mail() {
        return JsonMapper.builder()
                .build()
                .createObjectNode()
                .put("smtpProtocol", "smtp")
                .put("smtpHost", "smtp.example.com")
                .put("smtpPort", "25")
                .put("timeout", "10000");
    }
}
