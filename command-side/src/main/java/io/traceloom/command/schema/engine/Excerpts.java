package io.traceloom.command.schema.engine;

/** Text quoted into an answer: one line, and short, whatever a client sent. */
final class Excerpts {

    private Excerpts() {
    }

    static String of(String text, int max) {
        StringBuilder line = new StringBuilder(Math.min(text.length(), max + 1));
        for (int i = 0; i < text.length() && line.length() <= max; i++) {
            char c = text.charAt(i);
            line.append(Character.isISOControl(c) || c == '\u2028' || c == '\u2029' ? ' ' : c);
        }
        return line.length() > max ? line.substring(0, max - 1) + "…" : line.toString();
    }
}
