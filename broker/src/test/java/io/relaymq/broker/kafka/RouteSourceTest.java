package io.relaymq.broker.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;

class RouteSourceTest {

    @Test
    void theSourceTravelsAsAHeader() {
        RecordHeaders headers = new RecordHeaders();
        new RouteSource(7, 1L << 40).addTo(headers);
        assertThat(RouteSource.from(headers)).isEqualTo(new RouteSource(7, 1L << 40));
    }

    @Test
    void aRecordWithoutOrWithAMalformedHeaderHasNoSource() {
        assertThat(RouteSource.from(new RecordHeaders())).isNull();
        RecordHeaders headers = new RecordHeaders();
        headers.add(RouteSource.HEADER, new byte[] {1, 2, 3});
        assertThat(RouteSource.from(headers)).isNull();
    }
}
