package io.traceloom.command.schema.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * JSON Schema's counts ({@code maxLength}, {@code minItems}, {@code maxContains}...) as the library can read
 * them. A count is a non-negative integer of any size, but the library reads it as an int: 2^31 wraps round to
 * -2^31, and a maximum then refuses everything, a minimum nothing. Beyond what an int holds a count means the
 * same as {@link Integer#MAX_VALUE}, which the library reads right: no string the JVM can hold has that many
 * characters, nor an array that many items or an object that many members, so a maximum that large bounds
 * nothing and a minimum that large refuses everything, whether it is 2^31-1 or 10^400.
 */
final class Counts {

    private static final Set<String> COUNTS = Set.of("maxLength", "minLength", "maxItems", "minItems",
            "maxProperties", "minProperties", "maxContains", "minContains");
    /** Keywords whose value is data, compared as it is: a count in there is no count. */
    private static final Set<String> DATA = Set.of("const", "enum", "default", "examples");
    /** Keywords whose value is an object of schemas by name: its keys are names, whatever they read. */
    private static final Set<String> NAMED_SCHEMAS = Set.of("properties", "patternProperties", "$defs",
            "definitions", "dependentSchemas", "dependencies");
    private static final BigDecimal LARGEST = BigDecimal.valueOf(Integer.MAX_VALUE);

    private Counts() {
    }

    /**
     * {@code schema} with every count beyond an int written as {@link Integer#MAX_VALUE}: the same node when it
     * has none, else a copy. Every object that is not data counts as a schema, since a {@code $ref} may point
     * into any of them.
     */
    static JsonNode readable(JsonNode schema) {
        if (schema.isArray()) {
            JsonNode copy = null;
            for (int i = 0; i < schema.size(); i++) {
                JsonNode item = readable(schema.get(i));
                if (item != schema.get(i)) {
                    copy = copy == null ? schema.deepCopy() : copy;
                    ((ArrayNode) copy).set(i, item);
                }
            }
            return copy == null ? schema : copy;
        }
        if (!schema.isObject()) {
            return schema;
        }
        ObjectNode copy = null;
        for (Iterator<Map.Entry<String, JsonNode>> fields = schema.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> field = fields.next();
            JsonNode value = field.getValue();
            JsonNode readable;
            if (DATA.contains(field.getKey())) {
                readable = value;
            } else if (COUNTS.contains(field.getKey()) && beyondAnInt(value)) {
                readable = IntNode.valueOf(Integer.MAX_VALUE);
            } else if (NAMED_SCHEMAS.contains(field.getKey()) && value.isObject()) {
                readable = byName((ObjectNode) value);
            } else {
                readable = readable(value);
            }
            if (readable != value) {
                copy = copy == null ? ((ObjectNode) schema).deepCopy() : copy;
                copy.set(field.getKey(), readable);
            }
        }
        return copy == null ? schema : copy;
    }

    private static JsonNode byName(ObjectNode schemas) {
        ObjectNode copy = null;
        for (Iterator<Map.Entry<String, JsonNode>> named = schemas.fields(); named.hasNext(); ) {
            Map.Entry<String, JsonNode> schema = named.next();
            JsonNode readable = readable(schema.getValue());
            if (readable != schema.getValue()) {
                copy = copy == null ? schemas.deepCopy() : copy;
                copy.set(schema.getKey(), readable);
            }
        }
        return copy == null ? schemas : copy;
    }

    private static boolean beyondAnInt(JsonNode value) {
        return value.isNumber() && value.canConvertToExactIntegral() && value.decimalValue().compareTo(LARGEST) > 0;
    }
}
