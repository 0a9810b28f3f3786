package io.relaymq.broker.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.relaymq.broker.support.ApiClient;
import io.relaymq.broker.support.RelayMqNodeTest;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Finding 8: behind HAProxy every admin API caller had the proxy's address, so one caller's failures
 * locked out everybody. {@code X-Forwarded-For} is now honoured only when the direct peer is a trusted
 * proxy (the test node trusts 127.0.0.1/32), and then only its right-most untrusted hop counts.
 */
@RelayMqNodeTest
class ForwardedForTrustIT {

    @LocalServerPort
    int port;

    @Test
    void callersBehindATrustedProxyAreCountedByTheirOwnAddresses() {
        String sprayer = AdminLogins.randomAddress();
        String admin = AdminLogins.randomAddress();
        while (admin.equals(sprayer)) {
            admin = AdminLogins.randomAddress();
        }
        for (int i = 0; i < 20; i++) {
            assertThat(AdminLogins.login(port, sprayer, AdminLogins.randomUser(), "wrong")
                            .status())
                    .isEqualTo(401);
        }
        assertThat(AdminLogins.login(port, sprayer, AdminLogins.randomUser(), "wrong")
                        .status())
                .as("an address spraying user names is stopped after API_LOGIN_MAX_FAILURES_PER_ADDRESS (20)")
                .isEqualTo(429);

        ApiClient.Response other = AdminLogins.login(port, admin, ApiClient.ADMIN_EMAIL, ApiClient.ADMIN_PASSWORD);
        assertThat(other.status())
                .as("another caller behind the same proxy: %s", other.text())
                .isEqualTo(200);
    }

    @Test
    void onlyTheRightMostUntrustedHopCountsSoTheClientCannotChooseItsAddress() {
        String client = AdminLogins.randomAddress();
        String user = AdminLogins.randomUser();
        for (int i = 0; i < 5; i++) {
            String spoofed = "10.9." + i + ".1, " + client;
            assertThat(AdminLogins.login(port, spoofed, user, "wrong").status()).isEqualTo(401);
        }
        assertThat(AdminLogins.login(port, "192.0.2.77, " + client + ", 127.0.0.1", user, "wrong")
                        .status())
                .as("a new left-hand hop and a trusted right-hand one leave the address unchanged")
                .isEqualTo(429);
    }

    @Test
    void forwardedForFromAPeerThatIsNoTrustedProxyIsIgnored() throws Exception {
        Optional<InetAddress> local = nonLoopbackAddress();
        assumeTrue(local.isPresent(), "this machine has no non-loopback IPv4 address to connect from");
        HttpClient http = HttpClient.newHttpClient();
        String user = AdminLogins.randomUser();
        int last = 0;
        for (int i = 0; i < 6; i++) {
            HttpRequest request = HttpRequest.newBuilder(
                            URI.create("http://" + local.get().getHostAddress() + ":" + port + "/api/auth/login"))
                    .header("Content-Type", "application/json")
                    .header("X-Forwarded-For", AdminLogins.randomAddress())
                    .header("X-Real-IP", AdminLogins.randomAddress())
                    .header("Forwarded", "for=" + AdminLogins.randomAddress())
                    .POST(HttpRequest.BodyPublishers.ofString(
                            ApiClient.json(Map.of("username", user, "password", "wrong"))))
                    .build();
            last = http.send(request, HttpResponse.BodyHandlers.ofString()).statusCode();
        }
        assertThat(last)
                .as("six attempts from one untrusted peer, each claiming another address")
                .isEqualTo(429);
    }

    private static Optional<InetAddress> nonLoopbackAddress() throws SocketException {
        for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (!nic.isUp() || nic.isLoopback()) {
                continue;
            }
            for (InetAddress address : Collections.list(nic.getInetAddresses())) {
                if (address instanceof Inet4Address && !address.isLoopbackAddress() && !address.isLinkLocalAddress()) {
                    return Optional.of(address);
                }
            }
        }
        return Optional.empty();
    }
}
