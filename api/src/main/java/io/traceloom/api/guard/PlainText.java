package io.traceloom.api.guard;

import org.springframework.lang.Nullable;

/**
 * What text in a request may hold: valid Unicode (no unpaired surrogate, which no UTF-8 can carry and which
 * would be stored and signed as a replacement character), and no control characters other than tab and
 * line breaks, which nothing in this service means and which break logs, terminals and other systems.
 * Single-line text has no line breaks at all, Unicode's line and paragraph separators included.
 */
public final class PlainText {

    public static final String SINGLE_LINE = "must be one line, without tabs, line breaks or control characters";
    public static final String NO_CONTROLS = "must not contain control characters other than tab and line breaks";
    public static final String UNICODE = "is not valid Unicode (it has an unpaired surrogate)";
    public static final String IDENTIFIER = "must be one line of characters that show: no control, format "
            + "(bidirectional, zero-width), private-use or unassigned characters";

    private PlainText() {
    }

    /**
     * What is wrong with an identifier a client chooses (a code, a custody identifier, a consumer), or
     * {@code null}: one line, and every character one that shows ({@link #unsafeInNames}). A right-to-left
     * override would show {@code AB<U+202E>CD} as {@code ABDC}; a zero-width space makes two that look alike
     * differ.
     */
    @Nullable
    public static String problemWithIdentifier(String text) {
        String problem = problemWith(text, true);
        if (problem != null) {
            return problem;
        }
        return text.codePoints().anyMatch(PlainText::unsafeInNames) ? IDENTIFIER : null;
    }

    /**
     * Whether a character has no place in a name: controls, format characters (bidirectional controls,
     * zero-width characters, byte order marks, tag characters), private-use, unassigned, surrogates, and line
     * and paragraph separators. Letters, marks, digits, symbols, punctuation and spaces of every script pass.
     */
    public static boolean unsafeInNames(int codePoint) {
        return switch (Character.getType(codePoint)) {
            case Character.CONTROL, Character.FORMAT, Character.PRIVATE_USE, Character.SURROGATE,
                 Character.UNASSIGNED, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR -> true;
            default -> false;
        };
    }

    /** What is wrong with this text, or {@code null}; single-line text may not hold tabs or line breaks. */
    @Nullable
    public static String problemWith(String text, boolean singleLine) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return UNICODE;
            } else if (singleLine && (c == '\u2028' || c == '\u2029')) {
                return SINGLE_LINE;
            } else if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) {
                if (singleLine) {
                    return SINGLE_LINE;
                }
                if (c != '\t' && c != '\n' && c != '\r') {
                    return NO_CONTROLS;
                }
            }
        }
        return null;
    }
}
