package io.traceloom.api.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.RunningTraceloom;
import io.traceloom.api.support.SharedTraceloom;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.web.servlet.error.ErrorController;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * Every endpoint of the running application is in its API document ({@code /v3/api-docs}), says what it
 * does, and the document is valid OpenAPI 3.1. When an endpoint is added, this test names what it still
 * needs. (The actuator's endpoints have a mapping of their own and are not part of the API.)
 */
class OpenApiDocumentedTest {

    private static final RunningTraceloom app = SharedTraceloom.get();
    private static final Http http = app.http();

    /** A mapping without methods answers every method, and springdoc documents it for each. */
    private static final List<RequestMethod> ANY_METHOD = List.of(RequestMethod.GET, RequestMethod.HEAD,
            RequestMethod.POST, RequestMethod.PUT, RequestMethod.PATCH, RequestMethod.DELETE, RequestMethod.OPTIONS);

    private static String json;
    private static JsonNode document;

    @BeforeAll
    static void fetchTheDocument() {
        Http.Response response = http.get("/v3/api-docs");
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        json = response.body();
        document = response.json();
    }

    @Test
    void everyEndpointOfTheApplicationIsInTheDocument() {
        Map<String, String> missing = new TreeMap<>();
        endpoints().forEach((endpoint, handler) -> {
            String[] methodAndPath = endpoint.split(" ", 2);
            if (operation(methodAndPath[0], methodAndPath[1]) == null) {
                missing.put(endpoint, handler);
            }
        });

        assertThat(missing).as("""
                These endpoints are not in /v3/api-docs (endpoint=controller method):
                  %s
                springdoc documents every @RestController method unless something hides it: remove @Hidden or \
                @Operation(hidden = true) from the method or its class, or the springdoc.paths-to-exclude / \
                packages-to-scan setting that leaves it out (api/src/main/resources/application.yml). An endpoint \
                that is not part of the API (like the error controller) is hidden in OpenApiConfiguration instead, \
                and left out of this test with a reason."""
                .formatted(String.join("\n  ", missing.entrySet().stream().map(Object::toString).toList())))
                .isEmpty();
    }

    @Test
    void everyOperationSaysWhatItDoesAndHowItSucceeds() {
        Map<String, String> handlers = endpoints();
        Set<String> withoutSummary = new TreeSet<>();
        Set<String> withoutSuccess = new TreeSet<>();
        Set<String> operationIds = new TreeSet<>();
        Set<String> duplicateIds = new TreeSet<>();
        forEachOperation((endpoint, operation) -> {
            String named = endpoint + " (" + handlers.getOrDefault(endpoint, "?") + ")";
            if (operation.path("summary").asText().isBlank()) {
                withoutSummary.add(named);
            }
            List<String> statuses = new ArrayList<>();
            operation.path("responses").fieldNames().forEachRemaining(statuses::add);
            if (statuses.stream().noneMatch(status -> status.matches("[123]\\d\\d"))) {
                withoutSuccess.add(named);
            }
            if (!operationIds.add(operation.path("operationId").asText())) {
                duplicateIds.add(named + ": " + operation.path("operationId").asText());
            }
        });

        assertThat(withoutSummary).as("Give each of these a one-line @Operation(summary = \"...\") on its "
                + "controller method (a longer description goes in description = \"...\")").isEmpty();
        assertThat(withoutSuccess).as("These operations document no success answer: declare it with "
                + "@ApiResponse(responseCode = \"201\", description = \"...\") or whichever status it answers").isEmpty();
        assertThat(duplicateIds).as("Operation ids must be unique: name these with @Operation(operationId = "
                + "\"...\")").isEmpty();
    }

    @Test
    void theDocumentIsValidOpenApi31() {
        assertThat(document.path("openapi").asText()).startsWith("3.1.");

        ParseOptions options = new ParseOptions();
        options.setValidateInternalRefs(true);
        options.setResolve(true); // so that a $ref to nothing is reported
        SwaggerParseResult parsed = new OpenAPIV3Parser().readContents(json, null, options);

        assertThat(parsed.getMessages()).as("what the OpenAPI parser finds wrong with /v3/api-docs").isEmpty();
        assertThat(parsed.getOpenAPI()).isNotNull();
        assertThat(parsed.getOpenAPI().getOpenapi()).startsWith("3.1.");
        assertThat(parsed.getOpenAPI().getPaths()).isNotEmpty();
    }

    @Test
    void everyErrorIsDocumentedAsProblemJson() {
        Set<String> notProblems = new TreeSet<>();
        forEachOperation((endpoint, operation) -> operation.path("responses").fields().forEachRemaining(answer -> {
            JsonNode response = resolve(answer.getValue());
            if (answer.getKey().matches("[45]\\d\\d")) {
                JsonNode content = response.path("content");
                List<String> types = new ArrayList<>();
                content.fieldNames().forEachRemaining(types::add);
                if (!types.equals(List.of("application/problem+json"))
                        || !content.path("application/problem+json").path("schema").path("$ref").asText()
                        .equals("#/components/schemas/Problem")) {
                    notProblems.add(endpoint + " " + answer.getKey());
                }
            }
        }));
        assertThat(notProblems).isEmpty();

        JsonNode problem = document.at("/components/schemas/Problem");
        assertThat(fieldNames(problem.path("properties")))
                .containsExactlyInAnyOrder("type", "title", "status", "detail", "instance", "errors");
        assertThat(problem.at("/properties/errors/items/$ref").asText()).isEqualTo("#/components/schemas/FieldProblem");
        assertThat(fieldNames(document.at("/components/schemas/FieldProblem/properties")))
                .containsExactlyInAnyOrder("field", "message");
    }

    @Test
    void everyOperationCanBeRefusedAsItReallyIs() {
        forEachOperation((endpoint, operation) -> {
            Set<String> statuses = new TreeSet<>(fieldNames(operation.path("responses")));
            assertThat(statuses).as(endpoint).contains("400", "503");
            if (parameters(operation).stream().anyMatch(p -> p.path("in").asText().equals("path"))) {
                assertThat(statuses).as(endpoint + " has a path parameter").contains("404");
            }
            if (operation.has("requestBody")) {
                assertThat(statuses).as(endpoint + " takes a body").contains("413", "415");
            }
            if (parameters(operation).stream().anyMatch(p -> p.path("name").asText().equals("If-Match"))) {
                assertThat(statuses).as(endpoint + " takes If-Match").contains("412");
            }
        });
    }

    @Test
    void whoIsCallingIsNoParameter() {
        forEachOperation((endpoint, operation) -> assertThat(parameters(operation))
                .as(endpoint).noneMatch(p -> p.path("name").asText().equalsIgnoreCase("caller")));
        assertThat(fieldNames(document.at("/components/schemas"))).doesNotContain("Caller", "PageParams", "JsonNode");
    }

    @Test
    void listsDocumentTheirPagingParametersAndHeaders() {
        JsonNode list = documented("GET", "/trade-items");

        assertThat(parameters(list)).extracting(p -> p.path("name").asText()).contains("page", "limit");
        JsonNode limit = parameters(list).stream().filter(p -> p.path("name").asText().equals("limit")).findFirst()
                .orElseThrow();
        assertThat(limit.at("/schema/minimum").asInt()).isEqualTo(1);
        assertThat(limit.at("/schema/maximum").asInt()).isEqualTo(100);
        assertThat(limit.at("/schema/default").asInt()).isEqualTo(10);
        assertThat(fieldNames(list.at("/responses/200/headers"))).containsExactlyInAnyOrder("X-Total-Count", "Link");
        assertThat(list.at("/responses/200/content/application~1json/schema/type").asText()).isEqualTo("array");
    }

    @Test
    void createsAnswer201WithLocationAndConflictsAre409() {
        JsonNode create = documented("POST", "/trade-item-tags");

        assertThat(fieldNames(create.path("responses"))).contains("201", "409").doesNotContain("200");
        assertThat(fieldNames(create.at("/responses/201/headers"))).contains("Location", "ETag");
        assertThat(create.at("/responses/201/content/application~1json/schema/$ref").asText())
                .isEqualTo("#/components/schemas/Tag");
        assertThat(create.at("/requestBody/content/application~1json/schema/$ref").asText())
                .isEqualTo("#/components/schemas/CreateTradeItemTagRequest");
        assertThat(document.at("/components/schemas/CreateTradeItemTagRequest/required"))
                .extracting(JsonNode::asText).containsExactlyInAnyOrder("code", "name");
        assertThat(document.at("/components/schemas/CreateTradeItemTagRequest/properties/code/minLength").asInt())
                .as("@NotBlank is never empty").isEqualTo(1);
    }

    @Test
    void readsCarryAnETagAndAnswerIfNoneMatchWith304() {
        JsonNode read = documented("GET", "/trade-item-tags/{id}");

        assertThat(fieldNames(read.path("responses"))).contains("200", "304", "404");
        assertThat(fieldNames(read.at("/responses/200/headers"))).contains("ETag");
        assertThat(parameters(read)).extracting(p -> p.path("name").asText()).contains("id", "If-None-Match");
    }

    @Test
    void deletesHonourIfMatch() {
        JsonNode delete = documented("DELETE", "/trade-items/{id}");

        assertThat(fieldNames(delete.path("responses"))).contains("204", "404", "412").doesNotContain("200");
        assertThat(delete.at("/responses/204/content").isMissingNode()).isTrue();
        assertThat(parameters(delete)).extracting(p -> p.path("name").asText()).contains("If-Match");
    }

    /**
     * The {@code oidc} mode's bearer scheme is declared; public operations need no token, operators' the admin
     * scope, every other one a token, and those can answer 401 and 403.
     */
    @Test
    void theBearerSchemeIsDeclaredAndEveryOperationSaysWhetherItNeedsIt() {
        assertThat(document.at("/components/securitySchemes/bearer/type").asText()).isEqualTo("http");
        assertThat(document.at("/components/securitySchemes/bearer/scheme").asText()).isEqualTo("bearer");
        assertThat(document.at("/components/securitySchemes/bearer/bearerFormat").asText()).isEqualTo("JWT");

        assertThat(operation("get", "/.well-known/gs1resolver").get("security")).hasSize(0);
        assertThat(operation("get", "/contexts/traceloom/v1").get("security")).hasSize(0);
        assertThat(operation("get", "/admin/tenants").at("/security/0/bearer/0").asText()).isEqualTo("traceloom:admin");
        assertThat(operation("get", "/schemas/{id}").get("security").toString()).isEqualTo("[{\"bearer\":[]},{}]");
        List<String> unsecured = new ArrayList<>();
        forEachOperation((endpoint, operation) -> {
            JsonNode security = operation.get("security");
            boolean open = security != null && (security.isEmpty() || security.toString().contains("{}"));
            if (!open && (!operation.at("/security/0").has("bearer") || !operation.at("/responses").has("401")
                    || !operation.at("/responses").has("403"))) {
                unsecured.add(endpoint);
            }
        });
        assertThat(unsecured).as("operations that neither are public nor declare the bearer token with 401 and 403")
                .isEmpty();
    }

    @Test
    void theResolverIsDocumentedInAGenericForm() {
        JsonNode resolve = documented("GET", "/{primaryKeyAi}/{keyAndQualifiers}");

        assertThat(fieldNames(resolve.path("responses"))).contains("200", "307", "400", "404");
        assertThat(fieldNames(resolve.at("/responses/307/headers"))).contains("Location", "Link");
        assertThat(fieldNames(resolve.at("/responses/200/content")))
                .containsExactlyInAnyOrder("application/linkset+json", "application/json");
        assertThat(parameters(resolve)).extracting(p -> p.path("name").asText())
                .contains("primaryKeyAi", "keyAndQualifiers", "linkType");
        assertThat(documented("GET", "/.well-known/gs1resolver").path("summary").asText()).isNotBlank();
        JsonNode put = documented("PUT", "/link-sets/{id}");
        assertThat(fieldNames(put.path("responses"))).contains("201", "409", "412").doesNotContain("200");
        assertThat(put.at("/requestBody/content/application~1json/schema/$ref").asText())
                .isEqualTo("#/components/schemas/LinkSetInput");
    }

    /** Every endpoint of the API as "METHOD /path", with the controller method that serves it. */
    private static Map<String, String> endpoints() {
        RequestMappingHandlerMapping mapping = app.bean("requestMappingHandlerMapping",
                RequestMappingHandlerMapping.class);
        Map<String, String> endpoints = new TreeMap<>();
        for (Map.Entry<RequestMappingInfo, HandlerMethod> entry : mapping.getHandlerMethods().entrySet()) {
            HandlerMethod handler = entry.getValue();
            if (handler.getBeanType().getName().startsWith("org.springdoc.")
                    || ErrorController.class.isAssignableFrom(handler.getBeanType())) {
                continue; // the document and Swagger UI themselves; the answer for the servlet container's errors
            }
            Set<RequestMethod> methods = entry.getKey().getMethodsCondition().getMethods();
            for (String pattern : entry.getKey().getPatternValues()) {
                for (RequestMethod method : methods.isEmpty() ? ANY_METHOD : methods) {
                    endpoints.put(method + " " + openApiPath(pattern),
                            handler.getBeanType().getSimpleName() + "#" + handler.getMethod().getName());
                }
            }
        }
        assertThat(endpoints).as("the application's endpoints").isNotEmpty();
        return endpoints;
    }

    /** {@code /x/{id:[0-9]+}} and {@code /x/{*rest}} are {@code /x/{id}} and {@code /x/{rest}} in OpenAPI. */
    private static String openApiPath(String pattern) {
        return pattern.replaceAll("\\{\\*?([^}:]+)(:[^}]*)?}", "{$1}");
    }

    private static JsonNode documented(String method, String path) {
        JsonNode operation = operation(method, path);
        assertThat(operation).as(method + " " + path + " in /v3/api-docs").isNotNull();
        return operation;
    }

    private static JsonNode operation(String method, String path) {
        JsonNode operation = document.path("paths").path(path).path(method.toLowerCase(Locale.ROOT));
        return operation.isMissingNode() ? null : operation;
    }

    private interface OperationVisitor {
        void visit(String endpoint, JsonNode operation);
    }

    private static void forEachOperation(OperationVisitor visitor) {
        document.path("paths").fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(op -> {
            if (ANY_METHOD.stream().anyMatch(m -> m.name().equalsIgnoreCase(op.getKey()))) {
                visitor.visit(op.getKey().toUpperCase(Locale.ROOT) + " " + path.getKey(), op.getValue());
            }
        }));
    }

    private static List<JsonNode> parameters(JsonNode operation) {
        List<JsonNode> parameters = new ArrayList<>();
        operation.path("parameters").forEach(p -> parameters.add(resolve(p)));
        return parameters;
    }

    /** A local {@code $ref} ({@code #/components/...}) replaced by what it names. */
    private static JsonNode resolve(JsonNode node) {
        String ref = node.path("$ref").asText();
        return ref.startsWith("#/") ? document.at(ref.substring(1)) : node;
    }

    private static List<String> fieldNames(JsonNode node) {
        return Fixtures.fieldNames(node);
    }
}
