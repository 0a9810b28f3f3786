package io.relaymq.integration.target.mqtt;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import org.junit.jupiter.api.Test;

class MqttFailuresTest {

    @Test
    void aPublishTheRemoteRefusedIsNotRetryableAndSaysWhy() {
        var refused = MqttFailures.publishFailed("a/b", 0x87, new IOException("x"));

        assertThat(refused.retryable()).isFalse();
        assertThat(refused).hasMessageContaining("not authorized (0x87)").hasMessageContaining("a/b");
        assertThat(MqttFailures.refused("a/b", 0x99)).hasMessageContaining("payload format invalid (0x99)");
    }

    @Test
    void lostConnectionsAndTimeoutsAreRetryable() {
        assertThat(MqttFailures.publishFailed("a", 32109, new IOException("lost"))
                        .retryable())
                .isTrue();
        assertThat(MqttFailures.publishFailed("a", 32000, new IOException("timeout"))
                        .retryable())
                .isTrue();
        assertThat(MqttFailures.isRefusal(0x10)).isFalse();
        assertThat(MqttFailures.isRefusal(32109)).isFalse();
    }

    @Test
    void connectFailuresAreRetryableAndNameTheRefusal() {
        var v5 = MqttFailures.connectFailed("tcp://h:1", 0x86, false, new IOException("x"));
        var v3 = MqttFailures.connectFailed("tcp://h:1", 4, true, new IOException("x"));
        var down = MqttFailures.connectFailed("tcp://h:1", 32103, false, new IOException("Connection refused"));

        assertThat(v5.retryable()).isTrue();
        assertThat(v5).hasMessageContaining("refused the connection: bad user name or password (0x86)");
        assertThat(v3).hasMessageContaining("bad user name or password (0x4)");
        assertThat(down.retryable()).isTrue();
        assertThat(down).hasMessageContaining("could not be reached: Connection refused");
    }
}
