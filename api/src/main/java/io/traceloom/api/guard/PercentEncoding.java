package io.traceloom.api.guard;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import org.springframework.lang.Nullable;

/**
 * Percent-decoding that refuses what Tomcat would quietly repair or drop: a {@code %} without two
 * hexadecimal digits, and bytes that are not UTF-8. For the path (where Tomcat refuses) and the query
 * (where it would silently drop the parameter) alike, so both say the same thing about the same mistake.
 */
public final class PercentEncoding {

    private PercentEncoding() {
    }

    /**
     * Decodes one name or value of a query as HTML forms encode them ({@code +} is a space; a path passes
     * its {@code +} as {@code %2B}), or {@code null} when it is not percent-encoded UTF-8. The raw text
     * arrives as Tomcat keeps it, one char per byte.
     */
    @Nullable
    public static String decode(String raw) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '+') {
                bytes.write(' ');
            } else if (c == '%') {
                if (i + 2 >= raw.length()) {
                    return null;
                }
                int high = hex(raw.charAt(i + 1));
                int low = hex(raw.charAt(i + 2));
                if (high < 0 || low < 0) {
                    return null;
                }
                bytes.write(high * 16 + low);
                i += 2;
            } else if (c > 0xff) {
                return null;
            } else {
                bytes.write(c);
            }
        }
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes.toByteArray())).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    /**
     * A raw path with its percent-encoding normalised as RFC 3986 (6.2.2.1, 6.2.2.2) does before comparing URIs:
     * an encoded unreserved character ({@code ALPHA DIGIT - . _ ~}) decoded, every other triplet's hexadecimal
     * digits in upper case. {@code /01/%30%39506000134352/10/lot%2f1} is {@code /01/09506000134352/10/lot%2F1}.
     * A segment that would become {@code .} or {@code ..} keeps its encoding, which would otherwise make it a
     * step up the path; a {@code %} that starts no triplet is left for the reader of the path to refuse.
     */
    public static String normalizedPath(String raw) {
        if (raw.indexOf('%') < 0) {
            return raw;
        }
        StringBuilder path = new StringBuilder(raw.length());
        int segmentStart = 0;
        for (int end = 0; end <= raw.length(); end++) {
            if (end < raw.length() && raw.charAt(end) != '/') {
                continue;
            }
            String segment = normalizedSegment(raw.substring(segmentStart, end));
            if (segment.equals(".") || segment.equals("..")) {
                path.append(raw, segmentStart, end);
            } else {
                path.append(segment);
            }
            if (end < raw.length()) {
                path.append('/');
            }
            segmentStart = end + 1;
        }
        return path.toString();
    }

    private static String normalizedSegment(String raw) {
        StringBuilder segment = new StringBuilder(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            int high = c == '%' && i + 2 < raw.length() ? hex(raw.charAt(i + 1)) : -1;
            int low = high < 0 ? -1 : hex(raw.charAt(i + 2));
            if (low < 0) {
                segment.append(c);
                continue;
            }
            char decoded = (char) (high * 16 + low);
            if (unreserved(decoded)) {
                segment.append(decoded);
            } else {
                segment.append('%').append(Character.toUpperCase(raw.charAt(i + 1)))
                        .append(Character.toUpperCase(raw.charAt(i + 2)));
            }
            i += 2;
        }
        return segment.toString();
    }

    private static boolean unreserved(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.'
                || c == '_' || c == '~';
    }

    /** An ASCII hexadecimal digit's value, or -1 ({@link Character#digit} takes other scripts' digits too). */
    private static int hex(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        if (c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        return -1;
    }
}
