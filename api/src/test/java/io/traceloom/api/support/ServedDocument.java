package io.traceloom.api.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.dialect.Dialects;
import com.networknt.schema.path.PathType;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * The API document an application serves ({@code /v3/api-docs}, OpenAPI 3.1), and what an answer of that
 * application breaks of it. Every HTTP test's answers are checked here ({@link Http}, {@link RawHttp}), so an
 * answer the document does not describe fails the test that received it: its status, the headers the document
 * names for it (present when required, of their schema when present), its media type and its body, by the
 * document's schemas as JSON Schema 2020-12 with the OpenAPI 3.1 vocabulary (networknt's {@code OpenApi31}
 * dialect, formats asserted).
 * <p>
 * A request the document does not describe is not checked: a path of no operation (the actuator, the document
 * itself, Swagger UI, a path that names nothing: the container's 404) or a method the path does not take (405).
 * Requests are not checked at all: tests send invalid ones on purpose.
 */
public final class ServedDocument {

    /** Where the document is, for the schemas' references ({@code #/components/schemas/...}) to resolve in it. */
    private static final String IRI = "https://traceloom.test/v3/api-docs";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> METHODS = List.of("get", "put", "post", "delete", "options", "head", "patch",
            "trace");

    private final JsonNode document;
    private final SchemaRegistry schemas;
    private final List<Template> templates = new ArrayList<>();
    private final Map<String, Schema> compiled = new ConcurrentHashMap<>();

    /** A path of the document as a pattern, with how many of its segments are literal (the more, the better). */
    private record Template(String path, Pattern exact, Pattern rest, int literals) {
    }

    private ServedDocument(String json) throws IOException {
        this.document = JSON.readTree(json);
        if (!document.path("openapi").asText().startsWith("3.1")) {
            throw new IllegalArgumentException("not an OpenAPI 3.1 document: " + document.path("openapi"));
        }
        this.schemas = SchemaRegistry.withDefaultDialect(Dialects.getOpenApi31(), builder -> builder
                .schemas(Map.of(IRI, json))
                .schemaRegistryConfig(SchemaRegistryConfig.builder()
                        .pathType(PathType.JSON_POINTER)
                        .locale(Locale.ENGLISH)
                        .formatAssertionsEnabled(true)
                        .build()));
        document.path("paths").fieldNames().forEachRemaining(path -> templates.add(template(path)));
        templates.sort(Comparator.comparingInt(Template::literals).reversed());
    }

    /** The document an application served, read once for all the answers of that application. */
    public static ServedDocument of(String json) {
        try {
            return new ServedDocument(json);
        } catch (IOException e) {
            throw new IllegalArgumentException("/v3/api-docs is not JSON", e);
        }
    }

    public JsonNode json() {
        return document;
    }

    /**
     * One answer as it came: status, headers (by name, any case), whether it had a body, and the body as text
     * (null when it was read as bytes).
     */
    public record Answer(int status, Function<String, Optional<String>> header, boolean hasBody, String text) {
    }

    /**
     * What this answer to {@code method target} breaks of the document, one line each; empty when it conforms,
     * or when the document does not describe the request.
     */
    public List<String> violations(String method, String target, Answer answer) {
        String path = pathOf(target);
        Optional<Operation> found = operation(method.toLowerCase(Locale.ROOT), path);
        if (found.isEmpty()) {
            return List.of();
        }
        Operation operation = found.get();
        List<String> violations = new ArrayList<>();
        String status = String.valueOf(answer.status());
        String pointer = operation.pointer() + "/responses/";
        JsonNode responses = operation.node().path("responses");
        String key = responses.has(status) ? status
                : responses.has(status.charAt(0) + "XX") ? status.charAt(0) + "XX"
                : responses.has("default") ? "default" : null;
        if (key == null && HTTP_REFUSALS.contains(answer.status())) {
            checkRefusal(answer, violations);
            return violations;
        }
        if (key == null) {
            List<String> documented = new ArrayList<>();
            responses.fieldNames().forEachRemaining(documented::add);
            violations.add("status " + status + " is not documented (it documents " + documented + ")");
            return violations;
        }
        String responsePointer = resolve(pointer + escape(key));
        JsonNode response = document.at(responsePointer);
        checkHeaders(response, responsePointer, answer, violations);
        if (!method.equalsIgnoreCase("HEAD")) {
            checkBody(response, responsePointer, answer, violations);
        }
        return violations;
    }

    /**
     * Refusals of the HTTP exchange rather than of an operation, which any request can get whatever its path and
     * no operation lists: a method or representation the path does not serve (405, 406), a request too long, too
     * slow or framed wrongly (408, 411, 414, 431), an expectation or encoding the server does not take (417, 501),
     * another HTTP version (505). Where an operation documents one, its answer is checked as documented; where
     * none does, it must still be a problem ({@code #/components/schemas/Problem}), as every error is.
     */
    private static final java.util.Set<Integer> HTTP_REFUSALS = java.util.Set.of(405, 406, 408, 411, 414, 417, 431,
            501, 505);

    private void checkRefusal(Answer answer, List<String> violations) {
        if (!answer.hasBody() || answer.text() == null || !document.at("/components/schemas/Problem").isObject()) {
            return;
        }
        String contentType = answer.header().apply("Content-Type").orElse("");
        if (!contentType.split(";", 2)[0].trim().equalsIgnoreCase("application/problem+json")) {
            violations.add("a refusal of the HTTP exchange answered as " + contentType + ", not as a problem");
            return;
        }
        try {
            for (Error error : schema("/components/schemas/Problem").validate(JSON.readTree(answer.text()))) {
                violations.add("body " + error.getInstanceLocation() + ": " + error.getMessage() + " (the Problem schema)");
            }
        } catch (IOException e) {
            violations.add("the body is not JSON: " + e.getMessage());
        }
    }

    /** The operation for the method at the path, and where it is in the document. */
    private record Operation(String template, String pointer, JsonNode node) {
    }

    /**
     * The operation that serves {@code method path}: of the templates the path matches and that take the method,
     * the one with the most literal segments (OpenAPI: concrete paths before templated ones). A template whose
     * last segment is a parameter also matches a path with more segments after it (a catch-all, as the GS1
     * resolver's), when no template matches otherwise.
     */
    private Optional<Operation> operation(String method, String path) {
        if (!METHODS.contains(method)) {
            return Optional.empty();
        }
        for (boolean rest : new boolean[] {false, true}) {
            for (Template template : templates) {
                Pattern pattern = rest ? template.rest() : template.exact();
                if (pattern != null && pattern.matcher(path).matches()) {
                    JsonNode pathItem = document.path("paths").path(template.path());
                    if (pathItem.has(method)) {
                        return Optional.of(new Operation(template.path(),
                                "/paths/" + escape(template.path()) + "/" + method, pathItem.path(method)));
                    }
                }
            }
        }
        return Optional.empty();
    }

    private void checkHeaders(JsonNode response, String responsePointer, Answer answer, List<String> violations) {
        response.path("headers").fieldNames().forEachRemaining(name -> {
            if (name.equalsIgnoreCase("Content-Type")) {
                return; // OpenAPI: ignored there, the content map says it
            }
            String headerPointer = resolve(responsePointer + "/headers/" + escape(name));
            JsonNode header = document.at(headerPointer);
            Optional<String> value = answer.header().apply(name);
            if (value.isEmpty()) {
                if (header.path("required").asBoolean(false)) {
                    violations.add("header " + name + " is required but missing");
                }
                return;
            }
            if (header.has("schema")) {
                JsonNode schema = document.at(resolve(headerPointer + "/schema"));
                for (Error error : schema(headerPointer + "/schema").validate(headerValue(value.get(), schema))) {
                    violations.add("header " + name + " (" + value.get() + "): " + error.getMessage());
                }
            }
        });
    }

    /** A header's text as the JSON value its schema speaks of: a number for a number, a string otherwise. */
    private static JsonNode headerValue(String value, JsonNode schema) {
        String type = schema.path("type").isArray() ? schema.path("type").path(0).asText() : schema.path("type").asText();
        if (type.equals("integer") || type.equals("number")) {
            try {
                return JsonNodeFactory.instance.numberNode(new BigDecimal(value.trim()));
            } catch (NumberFormatException notANumber) {
                return JsonNodeFactory.instance.textNode(value);
            }
        }
        if (type.equals("boolean") && (value.equals("true") || value.equals("false"))) {
            return JsonNodeFactory.instance.booleanNode(Boolean.parseBoolean(value));
        }
        return JsonNodeFactory.instance.textNode(value);
    }

    private void checkBody(JsonNode response, String responsePointer, Answer answer, List<String> violations) {
        JsonNode content = response.path("content");
        String contentType = answer.header().apply("Content-Type").orElse(null);
        if (content.isMissingNode() || content.isEmpty()) {
            if (answer.hasBody()) {
                violations.add("a body (" + contentType + ") where the document declares none");
            }
            return;
        }
        if (!answer.hasBody()) {
            String declared = contentType == null ? null
                    : mediaTypeFor(content, contentType.split(";", 2)[0].trim().toLowerCase(Locale.ROOT));
            boolean replayed = answer.header().apply("Idempotent-Replayed").filter("true"::equals).isPresent();
            if (!replayed && (declared == null || isJson(declared))) {
                // an empty stream of lines (application/x-ndjson) is one; an empty JSON document is none, but for a
                // replay of an answer too large to keep (Idempotency-Key: read it at Location)
                violations.add("no body where the document declares " + names(content));
            }
            return;
        }
        if (contentType == null) {
            violations.add("no Content-Type where the document declares " + names(content));
            return;
        }
        String mediaType = contentType.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
        String declared = mediaTypeFor(content, mediaType);
        if (declared == null) {
            violations.add("Content-Type " + mediaType + " where the document declares " + names(content));
            return;
        }
        if (answer.text() == null || !isJson(mediaType) || !content.path(declared).has("schema")) {
            return; // bytes, or text of a type this check does not read
        }
        JsonNode body;
        try {
            body = JSON.readTree(answer.text());
        } catch (IOException e) {
            violations.add("the body is not JSON: " + e.getMessage());
            return;
        }
        String schemaPointer = responsePointer + "/content/" + escape(declared) + "/schema";
        for (Error error : schema(schemaPointer).validate(body)) {
            violations.add("body " + error.getInstanceLocation() + ": " + error.getMessage()
                    + " (schema " + error.getSchemaLocation().getFragment() + ")");
        }
    }

    /** The declared media type that covers the answer's: itself, then {@code type/*}, then {@code * / *}. */
    private static String mediaTypeFor(JsonNode content, String mediaType) {
        for (var declared = content.fieldNames(); declared.hasNext(); ) {
            String name = declared.next();
            if (name.split(";", 2)[0].trim().equalsIgnoreCase(mediaType)) {
                return name;
            }
        }
        String range = mediaType.substring(0, mediaType.indexOf('/') + 1) + "*";
        return content.has(range) ? range : content.has("*/*") ? "*/*" : null;
    }

    private static boolean isJson(String mediaType) {
        return mediaType.equals("application/json") || mediaType.endsWith("+json");
    }

    private static List<String> names(JsonNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    /** The compiled schema at a JSON pointer of the document, compiled once. */
    private Schema schema(String pointer) {
        return compiled.computeIfAbsent(pointer, p -> schemas.getSchema(SchemaLocation.of(IRI + "#" + p)));
    }

    /** A pointer to a response or header object, with any {@code $ref} to {@code #/components/...} followed. */
    private String resolve(String pointer) {
        for (int hops = 0; hops < 10; hops++) {
            String ref = document.at(pointer).path("$ref").asText("");
            if (!ref.startsWith("#/components/responses/") && !ref.startsWith("#/components/headers/")) {
                return pointer;
            }
            pointer = ref.substring(1);
        }
        throw new IllegalStateException("a loop of $ref at " + pointer);
    }

    private static Template template(String path) {
        String[] segments = path.split("/", -1);
        StringBuilder exact = new StringBuilder();
        int literals = 0;
        for (int i = 1; i < segments.length; i++) {
            exact.append('/');
            if (segments[i].matches("\\{[^}]+}")) {
                exact.append("[^/]+");
            } else {
                exact.append(Pattern.quote(segments[i]));
                literals++;
            }
        }
        Pattern rest = null;
        if (segments[segments.length - 1].matches("\\{[^}]+}")) {
            rest = Pattern.compile(exact.substring(0, exact.length() - "[^/]+".length()) + ".+");
        }
        return new Template(path, Pattern.compile(exact.toString()), rest, literals);
    }

    /** The path of a request target, without its query or fragment. */
    private static String pathOf(String target) {
        int end = target.length();
        for (char c : new char[] {'?', '#'}) {
            int at = target.indexOf(c);
            if (at >= 0 && at < end) {
                end = at;
            }
        }
        return target.substring(0, end);
    }

    /** A JSON pointer's reference token (RFC 6901). */
    private static String escape(String token) {
        return token.replace("~", "~0").replace("/", "~1");
    }
}
