package io.relaymq.dao.jdbc;

/** {@code ILIKE} patterns for "contains this text" searches, with the wildcard characters of the text escaped. */
public final class Like {

    private Like() {}

    /** "%text%", or "%" (everything) for a null or empty text. */
    public static String pattern(String textSearch) {
        if (textSearch == null || textSearch.isEmpty()) {
            return "%";
        }
        return "%" + textSearch.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
    }
}
