package io.relaymq.integration.target.config;

/** Checks of free text from a configuration. */
public final class Texts {

    private Texts() {}

    /**
     * True when {@code text} is well-formed UTF-16 (no lone surrogate, so it encodes to valid UTF-8) and has no
     * control character (C0, DEL, C1, and the line and paragraph separators).
     */
    public static boolean isClean(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
                return false;
            }
            if (Character.isHighSurrogate(c)) {
                if (i + 1 >= text.length() || !Character.isLowSurrogate(text.charAt(i + 1))) {
                    return false;
                }
                i++;
            } else if (Character.isLowSurrogate(c)) {
                return false;
            }
        }
        return true;
    }
}
