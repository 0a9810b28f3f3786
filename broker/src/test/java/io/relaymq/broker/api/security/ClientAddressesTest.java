package io.relaymq.broker.api.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClientAddressesTest {

    private final ClientAddresses behindProxies =
            new ClientAddresses(List.of("10.0.0.0/8", " 192.168.1.7 ", "2001:db8::/32", ""));

    @Test
    void withoutTrustedProxiesTheHeaderIsIgnored() {
        ClientAddresses none = new ClientAddresses(List.of());
        assertThat(none.resolve("10.1.2.3", List.of("198.51.100.9"))).isEqualTo("10.1.2.3");
    }

    @Test
    void anUntrustedPeerCannotNameAnotherAddress() {
        assertThat(behindProxies.resolve("203.0.113.5", List.of("198.51.100.9")))
                .isEqualTo("203.0.113.5");
        assertThat(behindProxies.resolve("192.168.1.8", List.of("198.51.100.9")))
                .isEqualTo("192.168.1.8");
    }

    @Test
    void theRightMostUntrustedHopOfEveryHeaderLineCounts() {
        assertThat(behindProxies.resolve("10.0.0.1", List.of("1.1.1.1, 198.51.100.9", "10.2.3.4")))
                .isEqualTo("198.51.100.9");
        assertThat(behindProxies.resolve("192.168.1.7", List.of("198.51.100.9")))
                .isEqualTo("198.51.100.9");
        assertThat(behindProxies.resolve("10.0.0.1", List.of())).isEqualTo("10.0.0.1");
        assertThat(behindProxies.resolve("10.0.0.1", List.of("10.0.0.2"))).isEqualTo("10.0.0.2");
        assertThat(behindProxies.resolve("2001:db8::1", List.of("[2001:db9::5]")))
                .isEqualTo("2001:db9:0:0:0:0:0:5");
    }

    @Test
    void namesAndGarbageAreNeverLookedUpOrBelieved() {
        assertThat(behindProxies.resolve("10.0.0.1", List.of("evil.example.com")))
                .isEqualTo("10.0.0.1");
        assertThat(behindProxies.resolve("10.0.0.1", List.of("198.51.100.9, 999.1.1.1, 10.0.0.3")))
                .isEqualTo("10.0.0.3");
        assertThat(behindProxies.resolve("10.0.0.1", List.of("abc"))).isEqualTo("10.0.0.1");
    }

    @Test
    void aLongChainIsCut() {
        String chain = "198.51.100.9, " + String.join(", ", Collections.nCopies(50, "10.0.0.9"));
        assertThat(behindProxies.resolve("10.0.0.1", List.of(chain))).isEqualTo("10.0.0.9");
    }

    @Test
    void aBadSettingStopsTheStartWithItsName() {
        assertThatThrownBy(() -> new ClientAddresses(List.of("proxy.local")))
                .hasMessageContaining("API_TRUSTED_PROXIES")
                .hasMessageContaining("proxy.local");
        assertThatThrownBy(() -> new ClientAddresses(List.of("10.0.0.0/33"))).hasMessageContaining("prefix");
    }
}
