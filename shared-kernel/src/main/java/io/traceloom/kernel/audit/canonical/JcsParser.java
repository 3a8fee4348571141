package io.traceloom.kernel.audit.canonical;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A strict RFC 8259 reader that keeps what I-JSON needs checked. */
final class JcsParser {

    private final String text;
    int at;

    JcsParser(String text) {
        this.text = text;
    }

    Object value(int depth) {
        if (depth > Jcs.MAX_DEPTH) {
            throw error("nested deeper than " + Jcs.MAX_DEPTH);
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
