package io.relaymq.broker.api.page;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class PageDataTest {

    private static final List<String> NAMES = List.of("delta", "Alpha", "charlie", "bravo", "echo");
    private static final Map<String, Comparator<String>> SORTS =
            Map.of("name", String.CASE_INSENSITIVE_ORDER, "length", Comparator.comparingInt(String::length));

    private static PageData<String> page(int size, int page, String search, String sort, String order) {
        return PageData.ofAll(
                NAMES, new PageQuery(size, page, search, sort, order), Function.identity(), SORTS, "name");
    }

    @Test
    void cutsSortedPagesAndSaysWhetherMoreFollow() {
        PageData<String> first = page(2, 0, null, null, null);
        assertThat(first.data()).containsExactly("Alpha", "bravo");
        assertThat(first.totalElements()).isEqualTo(5);
        assertThat(first.totalPages()).isEqualTo(3);
        assertThat(first.hasNext()).isTrue();
        PageData<String> last = page(2, 2, null, null, null);
        assertThat(last.data()).containsExactly("echo");
        assertThat(last.hasNext()).isFalse();
        assertThat(page(2, 7, null, null, null).data()).isEmpty();
    }

    @Test
    void sortsDescendingByTheAskedPropertyAndSearchesWithoutCase() {
        assertThat(page(10, 0, null, "name", "desc").data())
                .containsExactly("echo", "delta", "charlie", "bravo", "Alpha");
        assertThat(page(10, 0, "A", "length", "ASC").data()).containsExactly("delta", "Alpha", "bravo", "charlie");
        assertThat(page(10, 0, "  ", null, null).totalElements())
                .as("a blank search matches all")
                .isEqualTo(5);
    }

    @Test
    void anUnknownSortPropertyNamesTheAllowedOnes() {
        assertThatThrownBy(() -> page(10, 0, null, "password", null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sortProperty must be one of [length, name]");
    }

    @Test
    void anEmptyListHasNoPages() {
        PageData<String> none = PageData.of(List.of(), 0, new PageQuery(10, 0, null, null, null));
        assertThat(none.totalPages()).isZero();
        assertThat(none.hasNext()).isFalse();
    }
}
