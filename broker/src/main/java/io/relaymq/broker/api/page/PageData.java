package io.relaymq.broker.api.page;

import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;

/** One page of a list, in TBMQ's shape. */
public record PageData<T>(List<T> data, int totalPages, long totalElements, boolean hasNext) {

    /** The page {@code query} asks for, given that page's rows and the total count. */
    public static <T> PageData<T> of(List<T> data, long totalElements, PageQuery query) {
        int totalPages = (int) ((totalElements + query.pageSize() - 1) / query.pageSize());
        return new PageData<>(data, totalPages, totalElements, query.offset() + data.size() < totalElements);
    }

    /**
     * Searches, sorts and cuts a list held in memory.
     *
     * @param searchText what {@code textSearch} is matched against (case-insensitive "contains")
     * @param sorts      the sortable properties by API name
     * @param fallback   the property to sort by when none was asked for
     */
    public static <T> PageData<T> ofAll(
            List<T> all,
            PageQuery query,
            Function<T, String> searchText,
            Map<String, Comparator<T>> sorts,
            String fallback) {
        String search = query.search();
        Predicate<T> matches = search == null
                ? t -> true
                : t -> {
                    String text = searchText.apply(t);
                    return text != null && text.toLowerCase(Locale.ROOT).contains(search.toLowerCase(Locale.ROOT));
                };
        Map<String, String> names = new HashMap<>();
        sorts.keySet().forEach(k -> names.put(k, k));
        Comparator<T> order = sorts.get(query.sortKey(names, fallback));
        List<T> sorted = all.stream()
                .filter(matches)
                .sorted(query.ascending() ? order : order.reversed())
                .toList();
        int from = (int) Math.min(sorted.size(), query.offset());
        int to = (int) Math.min(sorted.size(), query.offset() + query.pageSize());
        return of(sorted.subList(from, to), sorted.size(), query);
    }
}
