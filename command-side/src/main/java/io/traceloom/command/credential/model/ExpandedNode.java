package io.traceloom.command.credential.model;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One node of an expanded JSON-LD document, read the way the signature sees it: by IRI, whatever key or
 * alias the JSON used, and with every value the JSON gave (one, an array of several, an object). What a
 * verifier relies on is read here, never from the JSON alone, so that a value written in another form
 * than the expected one is an error instead of going unseen.
 */
public final class ExpandedNode {

    public static final String CREDENTIALS = "https://www.w3.org/2018/credentials#";
    public static final String SECURITY = "https://w3id.org/security#";
    public static final String STATUS = "https://www.w3.org/ns/credentials/status#";
    public static final String XSD_DATE_TIME = "http://www.w3.org/2001/XMLSchema#dateTime";
    /** xsd:dateTime with the zone that makes it one instant (Z or an offset). */
    private static final Pattern DATE_TIME =
            Pattern.compile("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d{1,9})?(Z|[+-]\\d\\d:\\d\\d)");

    private final JsonObject node;

    private ExpandedNode(JsonObject node) {
        this.node = node;
    }

    /** The one node a document describes at its top, or empty when it describes none or several. */
    public static Optional<ExpandedNode> only(JsonArray expanded) {
        return expanded.size() == 1 && expanded.get(0) instanceof JsonObject node
                ? Optional.of(new ExpandedNode(node)) : Optional.empty();
    }

    /** The nodes the property refers to (values that are literals are left out). */
    public List<ExpandedNode> nodes(String property) {
        List<ExpandedNode> nodes = new ArrayList<>();
        for (JsonValue value : values(property)) {
            if (value instanceof JsonObject object && !object.containsKey("@value") && !object.containsKey("@list")) {
                nodes.add(new ExpandedNode(object));
            }
        }
        return nodes;
    }

    /**
     * The one plain string (no datatype, no language) the property holds; empty when it is absent.
     *
     * @throws IllegalArgumentException for several values or any other form
     */
    public Optional<String> onlyString(String property, String name) {
        JsonArray values = values(property);
        if (values.isEmpty()) {
            return Optional.empty();
        }
        if (values.size() == 1 && values.get(0) instanceof JsonObject object && object.size() == 1
                && object.get("@value") instanceof JsonString value) {
            return Optional.of(value.getString());
        }
        throw new IllegalArgumentException(name + " must be a single string");
    }

    public List<String> types() {
        List<String> types = new ArrayList<>();
        if (node.get("@type") instanceof JsonArray array) {
            array.forEach(type -> types.add(type instanceof JsonString string ? string.getString() : type.toString()));
        }
        return types;
    }

    public JsonArray values(String property) {
        return node.get(property) instanceof JsonArray array ? array : JsonValue.EMPTY_JSON_ARRAY;
    }

    /**
     * The id of the one node the property refers to (a bare reference, or a node with properties of its
     * own, such as an issuer with a name).
     *
     * @throws IllegalArgumentException when it refers to none, to several, or holds a value instead
     */
    public String onlyReference(String property, String name) {
        JsonArray values = values(property);
        if (values.size() != 1) {
            throw new IllegalArgumentException(name + " must be given once, " + values.size() + " found");
        }
        if (values.get(0) instanceof JsonObject object && object.get("@id") instanceof JsonString id
                && !id.getString().startsWith("_:")) {
            return id.getString();
        }
        throw new IllegalArgumentException(name + " must be a single IRI");
    }

    /**
     * The literal of the one value of the property, which must have exactly this datatype.
     *
     * @throws IllegalArgumentException for any other form
     */
    public Optional<String> onlyLiteral(String property, String datatype, String name) {
        JsonArray values = values(property);
        if (values.isEmpty()) {
            return Optional.empty();
        }
        if (values.size() != 1) {
            throw new IllegalArgumentException(name + " must be given once, " + values.size() + " found");
        }
        if (values.get(0) instanceof JsonObject object && object.size() == 2
                && object.get("@value") instanceof JsonString value
                && object.get("@type") instanceof JsonString type && type.getString().equals(datatype)) {
            return Optional.of(value.getString());
        }
        throw new IllegalArgumentException(name + " must be a single string of type " + datatype);
    }

    /** A date and time as written, and the instant it names. */
    public record DateTime(String lexical, Instant instant) {
    }

    /** The one xsd:dateTime value of the property; empty when the property is absent. */
    public Optional<DateTime> onlyDateTime(String property, String name) {
        return onlyLiteral(property, XSD_DATE_TIME, name).map(lexical -> {
            if (!DATE_TIME.matcher(lexical).matches()) {
                throw new IllegalArgumentException(name + " must be an xsd:dateTime with a time zone");
            }
            try {
                return new DateTime(lexical, OffsetDateTime.parse(lexical).toInstant());
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException(name + " must be an xsd:dateTime with a time zone");
            }
        });
    }
}
