package io.relaymq.broker.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.broker.api.ApiProperties;
import io.relaymq.broker.support.ApiClient;
import io.relaymq.broker.support.RelayMqNodeTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Finding 8: failed admin logins were counted per user name alone, so anyone who knew the name of the
 * first admin could keep it locked out. Lock-out is now per (client address, user name), with a
 * separate, higher limit per address.
 */
@RelayMqNodeTest
class AdminLockoutByStrangerIT {

    @LocalServerPort
    int port;

    @Autowired
    ApiProperties properties;

    @Test
    void aStrangerWhoKnowsOnlyTheAdminsNameCannotLockTheAdminOut() {
        String stranger = AdminLogins.randomAddress();
        String admin = otherAddressThan(stranger);
        int lastStatus = 0;
        for (int i = 0; i < 30; i++) {
            lastStatus = AdminLogins.login(port, stranger, ApiClient.ADMIN_EMAIL, "guess-" + i)
                    .status();
            assertThat(lastStatus).isIn(401, 429);
        }
        assertThat(lastStatus).as("the stranger itself is throttled").isEqualTo(429);

        ApiClient.Response own = AdminLogins.login(port, admin, ApiClient.ADMIN_EMAIL, ApiClient.ADMIN_PASSWORD);
        assertThat(own.status())
                .as("the admin from its own address: %s", own.text())
                .isEqualTo(200);
    }

    @Test
    void aLockedAddressAndUserGetsNoPasswordCheckEvenWithTheRightPassword() {
        String stranger = AdminLogins.randomAddress();
        for (int i = 0; i < 5; i++) {
            assertThat(AdminLogins.login(port, stranger, ApiClient.ADMIN_EMAIL, "guess-" + i)
                            .status())
                    .isEqualTo(401);
        }
        ApiClient.Response locked = AdminLogins.login(port, stranger, ApiClient.ADMIN_EMAIL, ApiClient.ADMIN_PASSWORD);
        assertThat(locked.status()).isEqualTo(429);
        assertThat(locked.header("Retry-After"))
                .isEqualTo(Long.toString(properties.login().lockDuration().toSeconds()));
    }

    @Test
    void userNamesThatCouldForgeLogLinesOrBloatTheCountsAreRefusedUncounted() {
        String address = AdminLogins.randomAddress();
        assertThat(AdminLogins.login(port, address, "x\n2026-01-01 INFO forged", "p")
                        .status())
                .isEqualTo(400);
        assertThat(AdminLogins.login(port, address, "u".repeat(256), "p").status())
                .isEqualTo(400);
        assertThat(AdminLogins.login(port, address, ApiClient.ADMIN_EMAIL, ApiClient.ADMIN_PASSWORD)
                        .status())
                .isEqualTo(200);
    }

    private static String otherAddressThan(String address) {
        String other = AdminLogins.randomAddress();
        while (other.equals(address)) {
            other = AdminLogins.randomAddress();
        }
        return other;
    }
}
