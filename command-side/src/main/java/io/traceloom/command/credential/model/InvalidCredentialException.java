package io.traceloom.command.credential.model;

/**
 * A credential that cannot be signed or checked as it stands: something in it would not be covered by
 * the signature, it uses a context that is not available, or it is over a limit ({@link OverLimitException}).
 * Messages quote the credential only in short excerpts ({@link #excerpt}).
 */
public class InvalidCredentialException extends Exception {

    private static final int EXCERPT = 64;

    private final String property;

    public InvalidCredentialException(String property, String message) {
        super(message);
        this.property = property;
    }

    /** The JSON-LD property at fault, when known. */
    public String property() {
        return property;
    }

    /**
     * At most {@value #EXCERPT} characters of something a client sent, on one line: error messages and logs
     * must not echo a megabyte of input.
     */
    public static String excerpt(String text) {
        return excerpt(text, EXCERPT);
    }

    /** At most {@code max} characters of the text, on one line. */
    public static String excerpt(String text, int max) {
        if (text == null) {
            return null;
        }
        StringBuilder excerpt = new StringBuilder(Math.min(text.length(), max) + 1);
        for (int i = 0; i < text.length() && excerpt.length() < max; i++) {
            char c = text.charAt(i);
            excerpt.append(Character.isISOControl(c) ? ' ' : c);
        }
        if (text.length() <= max) {
            return excerpt.toString();
        }
        if (Character.isHighSurrogate(excerpt.charAt(excerpt.length() - 1))) {
            excerpt.setLength(excerpt.length() - 1);
        }
        return excerpt.append('…').toString();
    }
}
