package io.relaymq.broker.api.page;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import java.util.Map;
import java.util.TreeSet;

/**
 * The paging parameters every list endpoint takes, as TBMQ names them: {@code pageSize}, {@code page}
 * (from 0), {@code textSearch}, {@code sortProperty} and {@code sortOrder} (ASC or DESC).
 */
public record PageQuery(
        @NotNull @Min(1) @Max(100_000) Integer pageSize,
        @NotNull @Min(0) Integer page,
        String textSearch,
        String sortProperty,

        @Pattern(regexp = "(?i)ASC|DESC", message = "must be ASC or DESC")
        String sortOrder) {

    public long offset() {
        return (long) page * pageSize;
    }

    public boolean ascending() {
        return sortOrder == null || sortOrder.equalsIgnoreCase("ASC");
    }

    /** The text to search for, or null when there is none. */
    public String search() {
        return textSearch == null || textSearch.isBlank() ? null : textSearch.strip();
    }

    /**
     * The column or key {@code sortProperty} stands for among {@code allowed} (API name → internal name),
     * {@code fallback} when none was asked for.
     *
     * @throws IllegalArgumentException naming the allowed properties when the asked one is not among them
     */
    public String sortKey(Map<String, String> allowed, String fallback) {
        if (sortProperty == null || sortProperty.isBlank()) {
            return fallback;
        }
        String key = allowed.get(sortProperty);
        if (key == null) {
            throw new IllegalArgumentException("sortProperty must be one of " + new TreeSet<>(allowed.keySet()));
        }
        return key;
    }
}
