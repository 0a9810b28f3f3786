package io.relaymq.broker.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.broker.auth.ClientAuthenticator;
import io.relaymq.broker.auth.acl.ClientGrant;
import io.relaymq.broker.auth.provider.AuthOutcome;
import io.relaymq.broker.auth.provider.AuthRequest;
import io.relaymq.broker.mqtt.ConnectReject;
import io.relaymq.broker.persistence.application.ApplicationClientCap;
import io.relaymq.common.client.ClientType;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Finding 7 of issue #18: every APPLICATION client id may own a Kafka topic, a consumer group and a
 * reader thread, so a node holds a bounded number of them; the next new one gets "quota exceeded".
 */
class ApplicationClientCapTest {

    private final Set<String> held = new HashSet<>();
    private final AtomicInteger count = new AtomicInteger();

    private static ClientAuthenticator grantingAs(ClientType type) {
        return request -> CompletableFuture.completedFuture(AuthOutcome.granted(ClientGrant.anonymous(type)));
    }

    private static AuthRequest request(String clientId) {
        return new AuthRequest(clientId, null, null, "127.0.0.1", false, List.of());
    }

    private AuthOutcome connect(ApplicationClientCap cap, String clientId) {
        AuthOutcome outcome = cap.authenticate(request(clientId)).join();
        if (outcome.isGranted() && held.add(clientId)) {
            count.incrementAndGet();
        }
        return outcome;
    }

    @Test
    void aNewApplicationClientBeyondTheCapGetsQuotaExceeded() {
        ApplicationClientCap cap =
                new ApplicationClientCap(grantingAs(ClientType.APPLICATION), 2, held::contains, count::get);
        assertThat(connect(cap, "app-1").isGranted()).isTrue();
        assertThat(connect(cap, "app-2").isGranted()).isTrue();
        AuthOutcome third = connect(cap, "app-3");
        assertThat(third.isGranted()).isFalse();
        assertThat(third.reject()).isEqualTo(ConnectReject.QUOTA_EXCEEDED);
        assertThat(third.reject().code(true).byteValue()).isEqualTo((byte) 0x97);
        assertThat(third.reject().code(false).byteValue()).isEqualTo((byte) 0x03);
        assertThat(third.reason()).contains("MQTT_MAX_APPLICATION_CLIENTS");
        assertThat(connect(cap, "app-1").isGranted())
                .as("a client the node holds reconnects")
                .isTrue();
    }

    @Test
    void devicesRefusalsAndAnUnlimitedCapPassUnchanged() {
        count.set(5);
        assertThat(new ApplicationClientCap(grantingAs(ClientType.DEVICE), 2, id -> false, count::get)
                        .authenticate(request("dev"))
                        .join()
                        .isGranted())
                .isTrue();
        assertThat(new ApplicationClientCap(grantingAs(ClientType.APPLICATION), 0, id -> false, count::get)
                        .authenticate(request("app"))
                        .join()
                        .isGranted())
                .isTrue();
        ClientAuthenticator refusing = request ->
                CompletableFuture.completedFuture(AuthOutcome.refused(ConnectReject.BAD_CREDENTIALS, "wrong password"));
        assertThat(new ApplicationClientCap(refusing, 2, id -> false, count::get)
                        .authenticate(request("app"))
                        .join()
                        .reject())
                .isEqualTo(ConnectReject.BAD_CREDENTIALS);
    }
}
