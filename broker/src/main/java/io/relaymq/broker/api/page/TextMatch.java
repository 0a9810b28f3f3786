package io.relaymq.broker.api.page;

import java.util.Locale;

/** The "contains" of the list filters: case-insensitive, and a missing part matches everything. */
public final class TextMatch {

    private TextMatch() {}

    /** Whether {@code text} contains {@code part} ignoring case; true when {@code part} is null. */
    public static boolean contains(String text, String part) {
        return part == null || (text != null && text.toLowerCase(Locale.ROOT).contains(part.toLowerCase(Locale.ROOT)));
    }
}
