package io.traceloom.api.file;

import io.traceloom.api.guard.PlainText;
import java.text.Normalizer;

/**
 * File names ({@code key}): one name, no path, nothing a terminal, a log or a {@code Content-Disposition}
 * could be fooled by. An uploaded file's name is made so ({@link #sanitise}); a name a client asks for in
 * JSON must be so already ({@link #problemWith}).
 */
final class FileNames {

    static final int MAX_LENGTH = 255;
    private static final int MAX_EXTENSION = 16;

    private FileNames() {
    }

    /**
     * The name as a client gave it, made safe: Unicode NFC, its last path part only (after {@code /} or
     * {@code \}), without control, format (bidirectional overrides, zero-width characters), private-use or
     * unassigned characters, white space at either end trimmed, at most {@value #MAX_LENGTH} characters
     * (shortened before its extension). {@code ""} when nothing is left.
     */
    static String sanitise(String submitted) {
        if (submitted == null) {
            return "";
        }
        String name = Normalizer.normalize(submitted, Normalizer.Form.NFC);
        name = name.substring(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
        StringBuilder kept = new StringBuilder();
        name.codePoints().filter(c -> !unsafe(c)).forEach(kept::appendCodePoint);
        name = kept.toString().strip();
        if (name.equals(".") || name.equals("..")) {
            return "";
        }
        return shortened(name);
    }

    /** What is wrong with a name a client asks for, or {@code null}: it must be what {@link #sanitise} keeps. */
    static String problemWith(String key) {
        if (key.codePoints().allMatch(c -> Character.isWhitespace(c) || Character.isSpaceChar(c))) {
            return "must not be blank";
        }
        if (key.length() > MAX_LENGTH) {
            return "must be at most " + MAX_LENGTH + " characters";
        }
        if (key.indexOf('/') >= 0 || key.indexOf('\\') >= 0) {
            return "must be a file name, without a path ('/' or '\\')";
        }
        if (key.codePoints().anyMatch(FileNames::unsafe)) {
            return "must not hold control, format, private-use or unassigned characters";
        }
        if (!key.equals(key.strip())) {
            return "must not begin or end with white space";
        }
        if (key.equals(".") || key.equals("..") || !Normalizer.isNormalized(key, Normalizer.Form.NFC)) {
            return key.equals(".") || key.equals("..") ? "must be a file name" : "must be in Unicode NFC";
        }
        return null;
    }

    private static boolean unsafe(int c) {
        return PlainText.unsafeInNames(c);
    }

    /** At most {@value #MAX_LENGTH} UTF-16 code units, cut before the extension, never inside a character. */
    private static String shortened(String name) {
        if (name.length() <= MAX_LENGTH) {
            return name;
        }
        int dot = name.lastIndexOf('.');
        String extension = dot > 0 && name.length() - dot <= MAX_EXTENSION ? name.substring(dot) : "";
        int keep = MAX_LENGTH - extension.length();
        if (Character.isHighSurrogate(name.charAt(keep - 1))) {
            keep--;
        }
        return name.substring(0, keep).strip() + extension;
    }
}
