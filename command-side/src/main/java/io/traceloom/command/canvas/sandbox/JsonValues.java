package io.traceloom.command.canvas.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.jknack.handlebars.ValueResolver;
import java.util.AbstractList;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The only way a canvas template reads a value: keys of JSON objects, indexes of JSON arrays, nothing else.
 * No reflection anywhere: no JavaBean getter ({@code {{name.bytes}}}, {@code {{this.class}}}), no method, no
 * field is ever reached, whatever the template names. JSON objects and arrays are shown to Handlebars as
 * read-only maps and lists, so that {@code #each}, {@code @key}, {@code @index} and truthiness work as in
 * Handlebars.js; Handlebars' own entries in its data maps (names starting {@code __} or holding {@code #})
 * resolve to nothing.
 */
enum JsonValues implements ValueResolver {
    INSTANCE;

    @Override
    public Object resolve(Object context, String name) {
        RenderBudget.check();
        Object value = unwrap(context);
        if (value instanceof Map<?, ?> map) {
            if (name.startsWith("__") || name.indexOf('#') >= 0) {
                return null;
            }
            Object found = map.get(name);
            return found == null && !map.containsKey(name) ? UNRESOLVED : dataOnly(unwrap(found));
        }
        if (value instanceof List<?> list && isIndex(name)) {
            int index = Integer.parseInt(name);
            return index < list.size() ? dataOnly(unwrap(list.get(index))) : UNRESOLVED;
        }
        return UNRESOLVED;
    }

    @Override
    public Object resolve(Object context) {
        Object value = unwrap(context);
        return isData(value) ? value : UNRESOLVED;
    }

    @Override
    @SuppressWarnings("unchecked")
    public Set<Map.Entry<String, Object>> propertySet(Object context) {
        Object value = unwrap(context);
        return value instanceof Map<?, ?> map ? ((Map<String, Object>) map).entrySet() : Collections.emptySet();
    }

    /** Anything that is not a JSON value (Handlebars' own objects included) is nothing to a template. */
    private static Object dataOnly(Object value) {
        return isData(value) ? value : null;
    }

    private static boolean isData(Object value) {
        return value == null || value instanceof Map || value instanceof List || value instanceof CharSequence
                || value instanceof Number || value instanceof Boolean;
    }

    /** What a value is, as the template's author knows it: a JSON type. */
    static String kind(Object value) {
        Object unwrapped = unwrap(value);
        if (unwrapped == null) {
            return "nothing";
        }
        if (unwrapped instanceof Number) {
            return "a number";
        }
        if (unwrapped instanceof CharSequence) {
            return "a text";
        }
        if (unwrapped instanceof Boolean) {
            return "a boolean";
        }
        if (unwrapped instanceof Map) {
            return "an object";
        }
        return unwrapped instanceof List ? "an array" : "a value of the template's own";
    }

    private static boolean isIndex(String name) {
        if (name.isEmpty() || name.length() > 9) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            if (name.charAt(i) < '0' || name.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /** A JSON value as Handlebars sees it: text, number, boolean, {@code null}, or a read-only map or list. */
    static Object unwrap(Object value) {
        if (!(value instanceof JsonNode node)) {
            return value;
        }
        return switch (node.getNodeType()) {
            case OBJECT -> new JsonObjectView(node);
            case ARRAY -> new JsonArrayView(node);
            case STRING -> node.textValue();
            case NUMBER -> node.numberValue();
            case BOOLEAN -> node.booleanValue();
            default -> null;
        };
    }

    private static final class JsonArrayView extends AbstractList<Object> {
        private final JsonNode array;

        JsonArrayView(JsonNode array) {
            this.array = array;
        }

        @Override
        public Object get(int index) {
            return unwrap(array.get(index));
        }

        @Override
        public int size() {
            return array.size();
        }
    }

    private static final class JsonObjectView extends AbstractMap<String, Object> {
        private final JsonNode object;

        JsonObjectView(JsonNode object) {
            this.object = object;
        }

        @Override
        public Object get(Object key) {
            return key instanceof String name ? unwrap(object.get(name)) : null;
        }

        @Override
        public boolean containsKey(Object key) {
            return key instanceof String name && object.has(name);
        }

        @Override
        public Set<Entry<String, Object>> entrySet() {
            return new AbstractSet<>() {
                @Override
                public Iterator<Entry<String, Object>> iterator() {
                    Iterator<Entry<String, JsonNode>> fields = object.fields();
                    return new Iterator<>() {
                        @Override
                        public boolean hasNext() {
                            return fields.hasNext();
                        }

                        @Override
                        public Entry<String, Object> next() {
                            RenderBudget.check();
                            Entry<String, JsonNode> field = fields.next();
                            return new SimpleImmutableEntry<>(field.getKey(), unwrap(field.getValue()));
                        }
                    };
                }

                @Override
                public int size() {
                    return object.size();
                }
            };
        }
    }
}
