package io.relaymq.broker.limits;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.broker.mqtt.ConnectReject;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ConnectAdmissionTest {

    private final AtomicBoolean pressure = new AtomicBoolean();
    private final AtomicInteger open = new AtomicInteger();
    private final AtomicLong now = new AtomicLong();

    private ConnectAdmission admission(int maxConnections, int rate) {
        return new ConnectAdmission(maxConnections, rate, pressure::get, open::get, now::get);
    }

    @Test
    void theConnectionAskingIsCountedAgainstTheLimit() {
        ConnectAdmission admission = admission(2, 0);
        open.set(2);
        assertThat(admission.admit()).isNull();
        open.set(3);
        assertThat(admission.admit()).isEqualTo(ConnectReject.QUOTA_EXCEEDED);
    }

    @Test
    void theRateAllowsABurstOfOneSecondThenRefuses() {
        ConnectAdmission admission = admission(0, 3);
        assertThat(admission.admit()).isNull();
        assertThat(admission.admit()).isNull();
        assertThat(admission.admit()).isNull();
        assertThat(admission.admit()).isEqualTo(ConnectReject.CONNECTION_RATE_EXCEEDED);
        now.addAndGet(400_000_000L);
        assertThat(admission.admit()).isNull();
    }

    @Test
    void memoryPressureRefusesFirst() {
        ConnectAdmission admission = admission(1, 1);
        pressure.set(true);
        open.set(5);
        assertThat(admission.admit()).isEqualTo(ConnectReject.SERVER_BUSY);
    }

    @Test
    void theReasonCodesAreTheSpecsOnes() {
        assertThat(ConnectReject.SERVER_BUSY.code(true).byteValue()).isEqualTo((byte) 0x89);
        assertThat(ConnectReject.QUOTA_EXCEEDED.code(true).byteValue()).isEqualTo((byte) 0x97);
        assertThat(ConnectReject.CONNECTION_RATE_EXCEEDED.code(true).byteValue())
                .isEqualTo((byte) 0x9F);
        assertThat(ConnectReject.QUOTA_EXCEEDED.code(false).byteValue()).isEqualTo((byte) 0x03);
        assertThat(ConnectAdmission.OPEN.admit()).isNull();
    }
}
