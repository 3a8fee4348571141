package io.traceloom.api.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.RunningTraceloom;
import io.traceloom.api.support.SharedOidcTraceloom;
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

    /** A failed verification is the one error answer with a body of its own besides the problem (docs/api.md). */
    private static final Set<String> ERRORS_WITH_A_BODY_OF_THEIR_OWN = Set.of("POST /credentials/verify 400",
            "POST /vc-api/credentials/verify 400");

    @Test
    void everyErrorIsDocumentedAsProblemJson() {
        Set<String> notProblems = new TreeSet<>();
        Set<String> withBodiesOfTheirOwn = new TreeSet<>();
        forEachOperation((endpoint, operation) -> operation.path("responses").fields().forEachRemaining(answer -> {
            JsonNode response = resolve(answer.getValue());
            if (answer.getKey().matches("[45]\\d\\d")) {
                JsonNode content = response.path("content");
                List<String> types = new ArrayList<>();
                content.fieldNames().forEachRemaining(types::add);
                if (!types.contains("application/problem+json")
                        || !content.path("application/problem+json").path("schema").path("$ref").asText()
                        .equals("#/components/schemas/Problem")) {
                    notProblems.add(endpoint + " " + answer.getKey());
                }
                if (!types.equals(List.of("application/problem+json"))) {
                    withBodiesOfTheirOwn.add(endpoint + " " + answer.getKey());
                }
            }
        }));
        assertThat(notProblems).isEmpty();
        assertThat(withBodiesOfTheirOwn).isEqualTo(ERRORS_WITH_A_BODY_OF_THEIR_OWN);
        assertThat(documented("POST", "/credentials/verify").at("/responses/400/content/application~1json/schema/$ref")
                .asText()).isEqualTo("#/components/schemas/VerificationResult");

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
                .isEqualTo("#/components/schemas/TagInput");
        assertThat(document.at("/components/schemas/TagInput/required"))
                .extracting(JsonNode::asText).containsExactlyInAnyOrder("code", "name");
        assertThat(document.at("/components/schemas/TagInput/properties/code/minLength").asInt())
                .as("@NotBlank is never empty").isEqualTo(1);
    }

    /**
     * What clients we did not write found (issue 27), held here besides every HTTP test's answers: an embedded,
     * nullable tag made the Tag schema itself {@code "type": "null"}; consume answers 404 for a commission that is
     * not there or was consumed.
     */
    @Test
    void aTagIsAnObjectAndConsumeDocumentsIts404() {
        assertThat(document.at("/components/schemas/Tag/type").asText()).isEqualTo("object");
        assertThat(document.at("/components/schemas/TradeItem/properties/tradeItemTag/oneOf/0/$ref").asText())
                .isEqualTo("#/components/schemas/Tag");
        assertThat(fieldNames(documented("POST", "/custody-commissions/consume").path("responses"))).contains("404");
    }

    @Test
    void aSetTakesAnArrayOfTagsAndAnswersAnArrayOfTags() {
        for (String path : List.of("/partner-tags/set", "/trade-item-tags/set")) {
            JsonNode set = documented("POST", path);

            assertThat(set.at("/requestBody/content/application~1json/schema/type").asText()).as(path).isEqualTo("array");
            assertThat(set.at("/requestBody/content/application~1json/schema/items/$ref").asText()).as(path)
                    .isEqualTo("#/components/schemas/TagInput");
            assertThat(set.at("/requestBody/content/application~1json/schema/maxItems").asInt()).as(path)
                    .isEqualTo(10_000);
            assertThat(set.at("/responses/200/content/application~1json/schema/items/$ref").asText()).as(path)
                    .isEqualTo("#/components/schemas/Tag");
        }
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
     * The {@code local} mode takes no token, and its document says so: no security scheme, no operation that asks
     * for one (Swagger UI shows no padlock and no "Authorize"), no 401 or 403.
     */
    @Test
    void theLocalModeDeclaresNoSecurity() {
        assertThat(document.path("security").isMissingNode()).isTrue();
        assertThat(document.at("/components/securitySchemes").isMissingNode()).isTrue();
        assertThat(fieldNames(document.at("/components/responses"))).doesNotContain("Unauthorized", "Forbidden");
        List<String> secured = new ArrayList<>();
        forEachOperation((endpoint, operation) -> {
            if (operation.has("security") || operation.at("/responses").has("401")
                    || operation.at("/responses").has("403")) {
                secured.add(endpoint);
            }
        });
        assertThat(secured).as("operations that ask for a token, or answer 401 or 403, in the local mode").isEmpty();
    }

    /**
     * The {@code oidc} mode's bearer scheme is declared; public operations need no token, operators' the admin
     * scope, every other one a token, and those can answer 401 and 403.
     */
    @Test
    void theOidcModeDeclaresItsBearerSchemeAndEveryOperationSaysWhetherItNeedsIt() {
        JsonNode document = SharedOidcTraceloom.get().anonymous().get("/v3/api-docs").json();
        assertThat(document.at("/components/securitySchemes/bearer/type").asText()).isEqualTo("http");
        assertThat(document.at("/components/securitySchemes/bearer/scheme").asText()).isEqualTo("bearer");
        assertThat(document.at("/components/securitySchemes/bearer/bearerFormat").asText()).isEqualTo("JWT");

        assertThat(oidcOperation(document, "get", "/.well-known/gs1resolver").get("security")).hasSize(0);
        assertThat(oidcOperation(document, "get", "/contexts/traceloom/v1").get("security")).hasSize(0);
        assertThat(oidcOperation(document, "get", "/admin/tenants").at("/security/0/bearer/0").asText()).isEqualTo("traceloom:admin");
        assertThat(oidcOperation(document, "get", "/schemas/{id}").get("security").toString()).isEqualTo("[{\"bearer\":[]},{}]");
        List<String> unsecured = new ArrayList<>();
        forEachOperation(document, (endpoint, operation) -> {
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

    /**
     * Every resource read by id ({@code GET /things/{id}}) has its history ({@code GET /things/{id}/history}, paged,
     * with an ETag) and can be read as it was at any instant ({@code asOf}): auditors rely on both, for every
     * resource. A new resource gets them by following CONTRIBUTING.md ("Adding a resource").
     */
    @Test
    void everyResourceReadByIdHasAHistoryAndCanBeReadAsOfAnInstant() {
        Set<String> resources = new TreeSet<>();
        Set<String> withoutHistory = new TreeSet<>();
        Set<String> withoutAsOf = new TreeSet<>();
        document.path("paths").fieldNames().forEachRemaining(path -> {
            if (path.matches("/[a-z-]+(/[a-z-]+)*/\\{id}") && operation("GET", path) != null) {
                resources.add(path);
                JsonNode history = operation("GET", path + "/history");
                if (history == null || !parameterNames(history).containsAll(List.of("page", "limit"))
                        || !fieldNames(history.at("/responses/200/headers")).contains("ETag")) {
                    withoutHistory.add(path);
                }
                if (!parameterNames(operation("GET", path)).contains("asOf")) {
                    withoutAsOf.add(path);
                }
            }
        });

        assertThat(resources).as("the resources read by id").contains("/trade-items/{id}", "/trade-item-tags/{id}",
                "/credentials/{id}", "/files/{id}", "/organization-themes/{id}", "/link-sets/{id}", "/schemas/{id}",
                "/canvas-templates/{id}", "/canvas-template-instances/{id}");
        assertThat(withoutHistory).as("""
                These resources have no GET .../{id}/history taking PageParams and marked @Versioned: declare the \
                resource's ResourceHistory on the query side and the endpoint in its controller \
                (CONTRIBUTING.md, "Adding a resource")""").isEmpty();
        assertThat(withoutAsOf).as("""
                These reads by id take no asOf: add an AsOf parameter to the controller method and pass its instant \
                to the Find query (CONTRIBUTING.md, "Adding a resource")""").isEmpty();
        assertThat(parameterNames(documented("GET", "/organization-themes"))).as("the tenant's one theme")
                .contains("asOf");
    }

    private static List<String> parameterNames(JsonNode operation) {
        return parameters(operation).stream().map(p -> p.path("name").asText()).toList();
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
        forEachOperation(document, visitor);
    }

    private static JsonNode oidcOperation(JsonNode document, String method, String path) {
        return document.path("paths").path(path).path(method);
    }

    private static void forEachOperation(JsonNode document, OperationVisitor visitor) {
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
