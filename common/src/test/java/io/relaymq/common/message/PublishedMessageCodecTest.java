package io.relaymq.common.message;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class PublishedMessageCodecTest {

    @Test
    void everyFieldSurvivesTheRoundTrip() {
        MessageProperties props = new MessageProperties(
                1,
                60L,
                "application/json",
                "replies/1",
                new byte[] {1, 2, 3},
                List.of(new UserProperty("k", "v"), new UserProperty("k", "v2")));
        PublishedMessage m = new PublishedMessage(
                "europe/ua/kyiv/1/temp",
                2,
                true,
                "21.5°C".getBytes(StandardCharsets.UTF_8),
                "sensor-1",
                1_700_000_000_123L,
                props);

        PublishedMessage back = PublishedMessageCodec.decode(PublishedMessageCodec.encode(m));

        assertThat(back.topic()).isEqualTo(m.topic());
        assertThat(back.qos()).isEqualTo(2);
        assertThat(back.retain()).isTrue();
        assertThat(back.payload()).isEqualTo(m.payload());
        assertThat(back.publisherId()).isEqualTo("sensor-1");
        assertThat(back.createdMillis()).isEqualTo(m.createdMillis());
        assertThat(back.properties().payloadFormat()).isEqualTo(1);
        assertThat(back.properties().expirySeconds()).isEqualTo(60L);
        assertThat(back.properties().contentType()).isEqualTo("application/json");
        assertThat(back.properties().responseTopic()).isEqualTo("replies/1");
        assertThat(back.properties().correlationData()).containsExactly(1, 2, 3);
        assertThat(back.properties().userProperties())
                .containsExactly(new UserProperty("k", "v"), new UserProperty("k", "v2"));
    }

    @Test
    void aMessageWithoutPropertiesStaysSmall() {
        PublishedMessage m = new PublishedMessage("t", 0, false, new byte[62], "c", 1L, MessageProperties.NONE);
        byte[] encoded = PublishedMessageCodec.encode(m);
        // format byte, then tag + length + bytes of topic, payload and publisher, and tag + varint of the time;
        // QoS 0, no retain and absent properties take no bytes
        assertThat(encoded.length).isEqualTo(1 + (2 + 1) + (2 + 62) + (2 + 1) + (1 + 1));
        PublishedMessage back = PublishedMessageCodec.decode(encoded);
        assertThat(back.properties().isEmpty()).isTrue();
        assertThat(back.retain()).isFalse();
    }

    @Test
    void corruptRecordsAreRejectedNotMisread() {
        byte[] encoded = PublishedMessageCodec.encode(new PublishedMessage("t", 1, false, new byte[10], "c", 1L, null));
        assertThatThrownBy(() -> PublishedMessageCodec.decode(Arrays.copyOf(encoded, encoded.length - 3)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("malformed");
        encoded[0] = 9;
        assertThatThrownBy(() -> PublishedMessageCodec.decode(encoded)).hasMessageContaining("version 9");
    }

    @Test
    void expiryCountsFromReceptionAndRoundsUp() {
        PublishedMessage m = new PublishedMessage(
                "t", 1, false, new byte[0], "c", 10_000L, new MessageProperties(null, 5L, null, null, null, List.of()));
        assertThat(m.isExpired(14_999L)).isFalse();
        assertThat(m.remainingExpirySeconds(12_500L)).isEqualTo(3L);
        assertThat(m.isExpired(15_000L)).isTrue();
        assertThat(new PublishedMessage("t", 1, false, new byte[0], "c", 0L, null).remainingExpirySeconds(99))
                .isNull();
    }
}
