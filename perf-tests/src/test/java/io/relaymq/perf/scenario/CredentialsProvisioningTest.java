package io.relaymq.perf.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CredentialsProvisioningTest {

    @Test
    void theBodyIsTheAdminApisBasicCredentialsWithTheValueAsAJsonString() {
        String body = CredentialsProvisioning.body("APPLICATION", "bench-app", "p\"w");

        assertThat(body)
                .isEqualTo("{\"name\":\"benchmark bench-app\",\"clientType\":\"APPLICATION\","
                        + "\"credentialsType\":\"MQTT_BASIC\",\"credentialsValue\":"
                        + "\"{\\\"userName\\\":\\\"bench-app\\\",\\\"password\\\":\\\"p\\\\\\\"w\\\"}\"}");
        assertThat(CredentialsProvisioning.body("DEVICE", "d", null)).contains("{\\\"userName\\\":\\\"d\\\"}");
    }
}
