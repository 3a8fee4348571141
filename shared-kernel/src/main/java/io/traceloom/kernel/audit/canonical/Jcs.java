package io.traceloom.kernel.audit.canonical;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The JSON Canonicalization Scheme, RFC 8785: one JSON text for one JSON value, byte for byte, so that a hash of
 * it means the value. Members sorted by the UTF-16 code units of their names, no whitespace, strings with the
 * fewest escapes JSON allows, numbers as ECMAScript writes IEEE 754 doubles (RFC 8785 §3.2.2.3).
 *
 * <p>Input is read strictly as I-JSON (RFC 7493): duplicate member names, lone surrogates, numbers beyond a
 * double's range and anything RFC 8259 does not allow are refused rather than guessed at. An integer of more
 * than 53 bits becomes the nearest double, as the scheme prescribes; the service's events hold none.
 *
 * <p>Values in Java, to compose or read: {@link Map} (an object), {@link List}, {@link String}, {@link Number},
 * {@link Boolean}, and {@code null} (JSON's null).
 */
public final class Jcs {

    /** Deeper nesting is refused: no recursion is left to chance by a hostile text. */
    public static final int MAX_DEPTH = 128;

    private Jcs() {
    }

    /** The canonical form of a JSON text. */
    public static String canonicalize(String json) {
        return write(parse(json));
    }

    /** The canonical form of a value composed in Java (see the class comment for the types). */
    public static String write(Object value) {
        StringBuilder out = new StringBuilder();
        write(value, out, 0);
        return out.toString();
    }

    /**
     * The value of a JSON text: objects as maps in the order of the text, numbers as {@link Double}.
     *
     * @throws InvalidJsonException when the text is not I-JSON
     */
    public static Object parse(String json) {
        Parser parser = new Parser(json);
        parser.skipWhitespace();
        Object value = parser.value(0);
        parser.skipWhitespace();
        if (parser.at < json.length()) {
            throw parser.error("unexpected text after the value");
        }
        return value;
    }

    @SuppressWarnings("unchecked")
    private static void write(Object value, StringBuilder out, int depth) {
        if (depth > MAX_DEPTH) {
            throw new InvalidJsonException("nested deeper than " + MAX_DEPTH);
        }
        if (value == null) {
            out.append("null");
        } else if (value instanceof String text) {
            string(text, out);
        } else if (value instanceof Boolean bool) {
            out.append(bool);
        } else if (value instanceof Number number) {
            out.append(number(number.doubleValue()));
        } else if (value instanceof Map<?, ?> map) {
            TreeMap<String, Object> sorted = new TreeMap<>();
            for (Map.Entry<?, ?> member : map.entrySet()) {
                if (!(member.getKey() instanceof String name)) {
                    throw new IllegalArgumentException("a member name must be a string: " + member.getKey());
                }
                sorted.put(name, member.getValue());
            }
            out.append('{');
            boolean first = true;
            for (Map.Entry<String, Object> member : sorted.entrySet()) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                string(member.getKey(), out);
                out.append(':');
                write(member.getValue(), out, depth + 1);
            }
            out.append('}');
        } else if (value instanceof List<?> list) {
            out.append('[');
            for (int i = 0; i < list.size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                write(list.get(i), out, depth + 1);
            }
            out.append(']');
        } else {
            throw new IllegalArgumentException("not a JSON value: " + value.getClass().getName());
        }
    }

    /** A string as ECMAScript's JSON.stringify writes it (RFC 8785 §3.2.2.2). */
    private static void string(String text, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append("\\u00").append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 0xf, 16));
                    } else if (Character.isHighSurrogate(c) && i + 1 < text.length()
                            && Character.isLowSurrogate(text.charAt(i + 1))) {
                        out.append(c).append(text.charAt(++i));
                    } else if (Character.isSurrogate(c)) {
                        throw new InvalidJsonException("a lone surrogate (U+" + Integer.toHexString(c) + ") is not I-JSON");
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    /**
     * A double as ECMAScript's Number.prototype.toString writes it: the shortest digits that read back as the same
     * double (the closest of them to it, the even one on a tie), in plain notation from 1e-6 to below 1e21.
     */
    static String number(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            throw new InvalidJsonException("NaN and Infinity are not JSON numbers");
        }
        if (value == 0) {
            return "0";
        }
        if (value < 0) {
            return "-" + number(-value);
        }
        BigDecimal shortest = shortest(value);
        String digits = shortest.unscaledValue().toString();
        int k = digits.length();
        int n = k - shortest.scale(); // value = digits x 10^(n - k)
        StringBuilder out = new StringBuilder();
        if (k <= n && n <= 21) {
            out.append(digits).append("0".repeat(n - k));
        } else if (0 < n && n <= 21) {
            out.append(digits, 0, n).append('.').append(digits, n, k);
        } else if (-6 < n && n <= 0) {
            out.append("0.").append("0".repeat(-n)).append(digits);
        } else {
            out.append(digits.charAt(0));
            if (k > 1) {
                out.append('.').append(digits, 1, k);
            }
            out.append('e').append(n - 1 >= 0 ? "+" : "-").append(Math.abs(n - 1));
        }
        return out.toString();
    }

    /** The fewest significant digits that read back as {@code value} (> 0), without trailing zeros. */
    private static BigDecimal shortest(double value) {
        BigDecimal exact = new BigDecimal(value);
        for (int precision = 1; precision <= 17; precision++) {
            BigDecimal nearest = exact.round(new MathContext(precision, RoundingMode.HALF_EVEN));
            BigDecimal best = null;
            if (nearest.doubleValue() == value) {
                best = nearest;
            } else {
                // near a power of two the doubles around value are unevenly spaced: the nearest decimal of this
                // length may miss while its neighbour on the wider side still reads back as value. Rounded, the
                // nearest has exactly this many digits, so its ulp is the step between decimals of this length
                BigDecimal step = nearest.ulp();
                for (BigDecimal candidate : List.of(nearest.subtract(step), nearest.add(step))) {
                    if (candidate.signum() > 0 && candidate.doubleValue() == value && (best == null
                            || candidate.subtract(exact).abs().compareTo(best.subtract(exact).abs()) < 0)) {
                        best = candidate;
                    }
                }
            }
            if (best != null) {
                return best.stripTrailingZeros();
            }
        }
        throw new IllegalStateException("no 17-digit decimal reads back as " + value);
    }

    /** A strict RFC 8259 reader that keeps what I-JSON needs checked. */
    private static final class Parser {

        private final String text;
        private int at;

        Parser(String text) {
            this.text = text;
        }

        Object value(int depth) {
            if (depth > MAX_DEPTH) {
                throw error("nested deeper than " + MAX_DEPTH);
            }
            if (at >= text.length()) {
                throw error("a value is missing");
            }
            char c = text.charAt(at);
            return switch (c) {
                case '{' -> object(depth);
                case '[' -> array(depth);
                case '"' -> string();
                case 't' -> literal("true", Boolean.TRUE);
                case 'f' -> literal("false", Boolean.FALSE);
                case 'n' -> literal("null", null);
                default -> {
                    if (c == '-' || c >= '0' && c <= '9') {
                        yield number();
                    }
                    throw error("unexpected character '" + c + "'");
                }
            };
        }

        private Map<String, Object> object(int depth) {
            at++;
            Map<String, Object> members = new LinkedHashMap<>();
            skipWhitespace();
            if (peek() == '}') {
                at++;
                return members;
            }
            while (true) {
                skipWhitespace();
                if (peek() != '"') {
                    throw error("a member name is missing");
                }
                String name = string();
                skipWhitespace();
                expect(':');
                skipWhitespace();
                Object value = value(depth + 1);
                if (members.containsKey(name)) {
                    throw error("the member name \"" + name + "\" appears twice");
                }
                members.put(name, value);
                skipWhitespace();
                char next = peek();
                at++;
                if (next == '}') {
                    return members;
                }
                if (next != ',') {
                    throw error("',' or '}' expected");
                }
            }
        }

        private List<Object> array(int depth) {
            at++;
            List<Object> items = new ArrayList<>();
            skipWhitespace();
            if (peek() == ']') {
                at++;
                return items;
            }
            while (true) {
                skipWhitespace();
                items.add(value(depth + 1));
                skipWhitespace();
                char next = peek();
                at++;
                if (next == ']') {
                    return items;
                }
                if (next != ',') {
                    throw error("',' or ']' expected");
                }
            }
        }

        private String string() {
            at++;
            StringBuilder out = new StringBuilder();
            while (true) {
                if (at >= text.length()) {
                    throw error("a string is not closed");
                }
                char c = text.charAt(at++);
                if (c == '"') {
                    break;
                }
                if (c < 0x20) {
                    throw error("a control character must be escaped in a string");
                }
                if (c != '\\') {
                    out.append(c);
                    continue;
                }
                if (at >= text.length()) {
                    throw error("an escape is not complete");
                }
                char escaped = text.charAt(at++);
                switch (escaped) {
                    case '"', '\\', '/' -> out.append(escaped);
                    case 'b' -> out.append('\b');
                    case 'f' -> out.append('\f');
                    case 'n' -> out.append('\n');
                    case 'r' -> out.append('\r');
                    case 't' -> out.append('\t');
                    case 'u' -> {
                        if (at + 4 > text.length()) {
                            throw error("a \\u escape needs four hexadecimal digits");
                        }
                        int code = 0;
                        for (int i = 0; i < 4; i++) {
                            int digit = Character.digit(text.charAt(at++), 16);
                            if (digit < 0) {
                                throw error("a \\u escape needs four hexadecimal digits");
                            }
                            code = code * 16 + digit;
                        }
                        out.append((char) code);
                    }
                    default -> throw error("\\" + escaped + " is not an escape of JSON");
                }
            }
            String value = out.toString();
            for (int i = 0; i < value.length(); i++) {
                char c = value.charAt(i);
                if (Character.isHighSurrogate(c) && i + 1 < value.length() && Character.isLowSurrogate(value.charAt(i + 1))) {
                    i++;
                } else if (Character.isSurrogate(c)) {
                    throw error("a lone surrogate (U+" + Integer.toHexString(c) + ") is not I-JSON");
                }
            }
            return value;
        }

        private Double number() {
            int start = at;
            if (peek() == '-') {
                at++;
            }
            if (peek() == '0') {
                at++;
            } else if (isDigit(peek())) {
                digits();
            } else {
                throw error("a number needs digits");
            }
            if (peek() == '.') {
                at++;
                if (!isDigit(peek())) {
                    throw error("a fraction needs digits");
                }
                digits();
            }
            if (peek() == 'e' || peek() == 'E') {
                at++;
                if (peek() == '+' || peek() == '-') {
                    at++;
                }
                if (!isDigit(peek())) {
                    throw error("an exponent needs digits");
                }
                digits();
            }
            double value = Double.parseDouble(text.substring(start, at));
            if (Double.isInfinite(value)) {
                throw error("the number " + text.substring(start, at) + " is beyond the range of I-JSON");
            }
            return value;
        }

        private void digits() {
            while (isDigit(peek())) {
                at++;
            }
        }

        private static boolean isDigit(char c) {
            return c >= '0' && c <= '9';
        }

        private Object literal(String word, Object value) {
            if (!text.startsWith(word, at)) {
                throw error("unexpected word");
            }
            at += word.length();
            return value;
        }

        private char peek() {
            return at < text.length() ? text.charAt(at) : '\0';
        }

        private void expect(char c) {
            if (peek() != c) {
                throw error("'" + c + "' expected");
            }
            at++;
        }

        void skipWhitespace() {
            while (at < text.length()) {
                char c = text.charAt(at);
                if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                    return;
                }
                at++;
            }
        }

        InvalidJsonException error(String message) {
            return new InvalidJsonException(message + " at character " + at);
        }
    }
}
