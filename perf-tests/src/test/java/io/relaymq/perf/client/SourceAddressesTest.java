package io.relaymq.perf.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SourceAddressesTest {

    @Test
    void aRangeIsUsedInTurn() {
        SourceAddresses sources = SourceAddresses.parse("127.0.0.1-127.0.0.3");

        assertThat(sources.size()).isEqualTo(3);
        assertThat(sources.next().getHostString()).isEqualTo("127.0.0.1");
        assertThat(sources.next().getHostString()).isEqualTo("127.0.0.2");
        assertThat(sources.next().getHostString()).isEqualTo("127.0.0.3");
        assertThat(sources.next().getHostString()).isEqualTo("127.0.0.1");
        assertThat(sources.next().getPort()).isZero();
    }

    @Test
    void listsAndRangesCombine() {
        assertThat(SourceAddresses.parse("127.0.0.1, 127.0.1.5-127.0.1.6").size())
                .isEqualTo(3);
    }

    @Test
    void noSourcesMeansTheKernelChooses() {
        assertThat(SourceAddresses.parse("").next()).isNull();
        assertThat(SourceAddresses.parse(null).size()).isZero();
    }

    @Test
    void badSpecsAreRefusedWithTheReason() {
        assertThatThrownBy(() -> SourceAddresses.parse("localhost")).hasMessageContaining("IP literals");
        assertThatThrownBy(() -> SourceAddresses.parse("127.0.0.9-127.0.0.2")).hasMessageContaining("backwards");
        assertThatThrownBy(() -> SourceAddresses.parse("127.0.0.1-127.0.1.2")).hasMessageContaining("one /24");
    }
}
