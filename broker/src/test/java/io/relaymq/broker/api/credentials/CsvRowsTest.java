package io.relaymq.broker.api.credentials;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class CsvRowsTest {

    @Test
    void readsPlainAndQuotedCellsWithEitherLineEnd() {
        assertThat(CsvRows.parse("a,b,c\r\n1,\"two, too\",\"say \"\"hi\"\"\"\n\n3,,\n"))
                .containsExactly(List.of("a", "b", "c"), List.of("1", "two, too", "say \"hi\""), List.of("3", "", ""));
    }

    @Test
    void aQuotedCellMaySpanLines() {
        assertThat(CsvRows.parse("x\n\"line 1\nline 2\"")).containsExactly(List.of("x"), List.of("line 1\nline 2"));
    }

    @Test
    void anUnclosedQuoteIsAnError() {
        assertThatThrownBy(() -> CsvRows.parse("a\n\"open")).hasMessageContaining("inside a quoted cell");
    }
}
