package io.traceloom.api.http;

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

    private PlainText() {
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
