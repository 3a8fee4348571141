package io.traceloom.kernel.audit.canonical;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
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
        JcsParser parser = new JcsParser(json);
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
}
