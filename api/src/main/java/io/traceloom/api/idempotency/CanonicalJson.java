package io.traceloom.api.idempotency;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A JSON text written one way for each meaning, so that two requests can be compared by what their bodies say:
 * no white space, an object's members ordered by name (by UTF-16 code units, as RFC 8785 orders them), each
 * string escaped the one way Jackson escapes. Numbers are kept as written: {@code 1}, {@code 1.0} and
 * {@code 1e0} are three values here, since the service may treat them apart (a credential signs {@code 1} as an
 * integer and {@code 1.0} as a double). That is why this is not RFC 8785 itself (titanium-jcs is on the class
 * path): JCS writes every number as the double nearest to it, which would make those, and two integers beyond
 * 2^53, one request.
 */
final class CanonicalJson {

    private static final JsonFactory FACTORY = new JsonFactory();

    private CanonicalJson() {
    }

    /** The canonical form of a JSON text, or empty when it is not one JSON value (or has a member twice). */
    static Optional<String> of(byte[] json) {
        try (JsonParser parser = FACTORY.createParser(json)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                return Optional.empty();
            }
            Object value = read(parser, first);
            if (parser.nextToken() != null) {
                return Optional.empty();
            }
            StringBuilder canonical = new StringBuilder(json.length);
            write(value, canonical);
            return Optional.of(canonical.toString());
        } catch (IOException | DuplicateMember e) {
            return Optional.empty();
        }
    }

    /** An object as a sorted map, an array as a list, anything else as its canonical text. */
    private static Object read(JsonParser parser, JsonToken token) throws IOException {
        switch (token) {
            case START_OBJECT -> {
                Map<String, Object> members = new TreeMap<>();
                for (JsonToken next = parser.nextToken(); next != JsonToken.END_OBJECT; next = parser.nextToken()) {
                    String name = parser.currentName();
                    if (members.put(name, read(parser, parser.nextToken())) != null) {
                        throw new DuplicateMember();
                    }
                }
                return members;
            }
            case START_ARRAY -> {
                List<Object> items = new ArrayList<>();
                for (JsonToken next = parser.nextToken(); next != JsonToken.END_ARRAY; next = parser.nextToken()) {
                    items.add(read(parser, next));
                }
                return items;
            }
            case VALUE_STRING -> {
                return quoted(parser.getText());
            }
            default -> {
                return parser.getText();
            }
        }
    }

    private static void write(Object value, StringBuilder out) {
        if (value instanceof Map<?, ?> members) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> member : members.entrySet()) {
                out.append(first ? "" : ",").append(quoted((String) member.getKey())).append(':');
                write(member.getValue(), out);
                first = false;
            }
            out.append('}');
        } else if (value instanceof List<?> items) {
            out.append('[');
            for (int i = 0; i < items.size(); i++) {
                out.append(i == 0 ? "" : ",");
                write(items.get(i), out);
            }
            out.append(']');
        } else {
            out.append((String) value);
        }
    }

    private static String quoted(String text) {
        return "\"" + new String(JsonStringEncoder.getInstance().quoteAsString(text)) + "\"";
    }

    private static final class DuplicateMember extends RuntimeException {
        DuplicateMember() {
            super(null, null, false, false);
        }
    }
}
