package io.traceloom.api.problem;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import io.traceloom.api.problem.Problems.FieldProblem;
import io.traceloom.api.settings.JsonLimits;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.lang.Nullable;

/**
 * A request body that could not be read, said in JSON's terms for {@link ApiExceptionHandler}: the field, the
 * type it must have, where in the text the JSON breaks. Never a Java class or a parser's token.
 */
final class UnreadableBodies {

    private UnreadableBodies() {
    }

    /** Why a body could not be read, in JSON's terms. */
    static ProblemDetail describe(HttpMessageNotReadableException ex) {
        Optional<UnrecognizedPropertyException> unknown = causeOf(ex, UnrecognizedPropertyException.class);
        if (unknown.isPresent()) {
            String field = path(unknown.get());
            return Problems.invalid("Unknown field '" + field + "'.",
                    List.of(new FieldProblem(field, "is not a known field")));
        }
        Optional<MismatchedInputException> mismatch = causeOf(ex, MismatchedInputException.class);
        if (mismatch.isPresent() && !mismatch.get().getPath().isEmpty()) {
            String field = path(mismatch.get());
            String expected = mismatch.get().getTargetType() == null
                    ? "another type" : jsonType(mismatch.get().getTargetType());
            return Problems.invalid(field + " must be " + expected + ".",
                    List.of(new FieldProblem(field, "must be " + expected)));
        }
        // The parser's own exception is the innermost; data binding may have wrapped it with a path.
        Optional<JsonProcessingException> json = deepestOf(ex, JsonProcessingException.class);
        if (json.isEmpty() && causeOf(ex, org.apache.coyote.BadRequestException.class).isPresent()) {
            return Problems.unreadableBody();
        }
        if (json.isEmpty()) {
            return malformed("A JSON request body is required.");
        }
        JsonProcessingException error = json.get();
        String message = String.valueOf(error.getOriginalMessage());
        String at = at(error.getLocation());
        if (message.startsWith("Duplicate field '")) {
            String field = duplicatePath(error);
            return Problems.invalid("Field '" + field + "' appears more than once.",
                    List.of(new FieldProblem(field, "appears more than once")));
        }
        if (error instanceof StreamConstraintsException) {
            return Problems.of(HttpStatus.BAD_REQUEST, "limit-exceeded", "A limit of this service is exceeded",
                    limitExceeded(message));
        }
        if (error instanceof JsonEOFException) {
            return malformed("The request body ends before its JSON does" + at + ".");
        }
        if (error instanceof MismatchedInputException) {
            return message.startsWith("Trailing token")
                    ? malformed("The request body has more after its JSON value" + at + ".")
                    : malformed("The request body must be a JSON object.");
        }
        if (message.startsWith("Invalid UTF-8")) {
            return malformed("The request body is not valid UTF-8" + at + ".");
        }
        if (message.startsWith("Illegal unquoted character")) {
            return malformed("The request body is not valid JSON" + at
                    + ": a control character in a string must be escaped (\\n, \\t, \\u0000).");
        }
        Optional<JsonMappingException> mapping = causeOf(ex, JsonMappingException.class);
        if (mapping.isPresent() && !mapping.get().getPath().isEmpty()) {
            String field = path(mapping.get());
            return Problems.invalid(field + " is not valid.", List.of(new FieldProblem(field, "is not valid")));
        }
        return malformed("The request body is not valid JSON" + at + ".");
    }

    private static ProblemDetail malformed(String detail) {
        return Problems.of(HttpStatus.BAD_REQUEST, "malformed-body", "Malformed request body", detail);
    }

    private static String limitExceeded(String message) {
        if (message.contains("nesting depth")) {
            return "The request body nests objects and arrays deeper than " + JsonLimits.MAX_DEPTH
                    + " levels.";
        }
        if (message.startsWith("Number value length")) {
            return "The request body has a number with more digits than this service reads.";
        }
        if (message.startsWith("String value length") || message.startsWith("Name length")) {
            return "The request body has a string longer than this service reads.";
        }
        return "The request body is larger or more complex than this service reads.";
    }

    private static String at(@Nullable JsonLocation location) {
        return location == null || location.getLineNr() < 1 ? ""
                : " (line " + location.getLineNr() + ", column " + location.getColumnNr() + ")";
    }

    private static <T extends Throwable> Optional<T> deepestOf(@Nullable Throwable error, Class<T> type) {
        T deepest = null;
        for (Throwable cause = error; cause != null && cause != cause.getCause(); cause = cause.getCause()) {
            if (type.isInstance(cause)) {
                deepest = type.cast(cause);
            }
        }
        return Optional.ofNullable(deepest);
    }

    static <T extends Throwable> Optional<T> causeOf(@Nullable Throwable error, Class<T> type) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (type.isInstance(cause)) {
                return Optional.of(type.cast(cause));
            }
        }
        return Optional.empty();
    }

    /** The JSON path of the offending value, e.g. {@code links[2].href}. */
    private static String path(JsonMappingException error) {
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference reference : error.getPath()) {
            if (reference.getFieldName() != null) {
                if (!path.isEmpty()) {
                    path.append('.');
                }
                path.append(reference.getFieldName());
            } else if (reference.getIndex() >= 0) {
                path.append('[').append(reference.getIndex()).append(']');
            }
        }
        return path.isEmpty() ? "(body)" : path.toString();
    }

    /** The path of a key found twice: where the parser stood when it read the second. */
    private static String duplicatePath(JsonProcessingException error) {
        if (!(error.getProcessor() instanceof JsonParser parser)) {
            return "(body)";
        }
        Deque<String> parts = new ArrayDeque<>();
        for (JsonStreamContext context = parser.getParsingContext(); context != null && !context.inRoot();
             context = context.getParent()) {
            if (context.inObject()) {
                parts.push(context.getCurrentName() == null ? "" : "." + context.getCurrentName());
            } else if (context.inArray()) {
                parts.push("[" + context.getCurrentIndex() + "]");
            }
        }
        String path = String.join("", parts);
        path = path.startsWith(".") ? path.substring(1) : path;
        return path.isEmpty() ? "(body)" : path;
    }

    static String jsonType(Class<?> type) {
        if (CharSequence.class.isAssignableFrom(type)) {
            return "a string";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "a boolean";
        }
        if (type == int.class || type == long.class || type == short.class || type == Integer.class
                || type == Long.class || type == Short.class || type == java.math.BigInteger.class) {
            return "a whole number";
        }
        if (Number.class.isAssignableFrom(type) || type.isPrimitive()) {
            return "a number";
        }
        if (type.isArray() || java.util.Collection.class.isAssignableFrom(type)) {
            return "an array";
        }
        if (java.time.temporal.Temporal.class.isAssignableFrom(type)) {
            return "an ISO-8601 date-time string";
        }
        if (com.fasterxml.jackson.databind.JsonNode.class.isAssignableFrom(type)
                && !com.fasterxml.jackson.databind.node.ObjectNode.class.isAssignableFrom(type)) {
            return "another JSON value";
        }
        return "an object";
    }
}
