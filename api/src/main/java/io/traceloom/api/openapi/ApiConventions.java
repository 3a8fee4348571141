package io.traceloom.api.openapi;

import static io.traceloom.api.openapi.OpenApiConfiguration.ACCEPTED;
import static io.traceloom.api.openapi.OpenApiConfiguration.AS_OF;
import static io.traceloom.api.openapi.OpenApiConfiguration.BAD_REQUEST;
import static io.traceloom.api.openapi.OpenApiConfiguration.IDEMPOTENCY_KEY;
import static io.traceloom.api.openapi.OpenApiConfiguration.KEY_IN_USE;
import static io.traceloom.api.openapi.OpenApiConfiguration.KEY_REUSED;
import static io.traceloom.api.openapi.OpenApiConfiguration.IF_NONE_MATCH;
import static io.traceloom.api.openapi.OpenApiConfiguration.LIMIT;
import static io.traceloom.api.openapi.OpenApiConfiguration.NOT_FOUND;
import static io.traceloom.api.openapi.OpenApiConfiguration.NOT_MODIFIED;
import static io.traceloom.api.openapi.OpenApiConfiguration.PAGE;
import static io.traceloom.api.openapi.OpenApiConfiguration.PAYLOAD_TOO_LARGE;
import static io.traceloom.api.openapi.OpenApiConfiguration.PRECONDITION_FAILED;
import static io.traceloom.api.openapi.OpenApiConfiguration.SERVICE_UNAVAILABLE;
import static io.traceloom.api.openapi.OpenApiConfiguration.UNSUPPORTED_MEDIA_TYPE;
import static io.traceloom.api.openapi.OpenApiConfiguration.headerRef;
import static io.traceloom.api.openapi.OpenApiConfiguration.problemContent;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.traceloom.api.http.AsOf;
import io.traceloom.api.http.PageParams;
import io.traceloom.api.http.Paged;
import io.traceloom.api.security.Operator;
import io.traceloom.api.security.Public;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.springdoc.core.customizers.GlobalOperationComponentsCustomizer;
import org.springdoc.core.service.GenericResponseService;
import org.springframework.core.GenericTypeResolver;
import org.springframework.core.MethodParameter;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.method.HandlerMethod;

/**
 * What every endpoint of this API has in common, written into each operation of the API document once,
 * here, so that a controller method states only what is its own: an {@code @Operation} summary, the
 * answers no rule can know ({@code @ApiResponse} for a 201, a 204 or a 409, say), and {@link Versioned}
 * when it answers with an ETag. The rules follow what the code does:
 * <ul>
 * <li>every operation can answer 400 (problem+json naming each invalid field or parameter) and 503 while
 *     the read models are rebuilt or behind a write ({@code ReadinessGate}, {@code Writes});</li>
 * <li>a path parameter can name nothing: 404; a request body can be too large (413) or not JSON (415);</li>
 * <li>a {@link PageParams} parameter is the {@code page} and {@code limit} query parameters, and its answer
 *     carries {@code X-Total-Count} (unless it is {@link OpenEnded}) and {@code Link} ({@code Paged});</li>
 * <li>an {@link AsOf} parameter is the {@code asOf} query parameter;</li>
 * <li>an {@code If-Match} header parameter can answer 412; a 201 carries {@code Location};</li>
 * <li>a write can answer 202 (recorded, read models lagging); a POST takes {@code Idempotency-Key} and can
 * answer 409 (key in use) and 422 (key reused);</li>
 * <li>every answer from 400 up can be {@code application/problem+json}; one that a method declares in another
 *     media type besides (a verification that fails: {@code 400} with its result) keeps it;</li>
 * <li>declaring any {@code @ApiResponse} makes springdoc drop its default 200; when no success answer is
 *     left, the 200 with the method's return type is put back;</li>
 * <li>an operation is named after its method and resource, {@code createTradeItemTag} (list:
 *     {@code listTradeItemTags}), unless {@code @Operation(operationId)} names it.</li>
 * </ul>
 */
public class ApiConventions implements GlobalOperationComponentsCustomizer {

    private static final String IF_MATCH = HttpHeaders.IF_MATCH;

    private final GenericResponseService responses;
    /** The {@code oidc} mode's admin scope; null in the {@code local} mode, which takes no token. */
    private final String operatorScope;

    /**
     * @param operatorScope the scope operators' endpoints need in the {@code oidc} mode; null in the {@code local}
     *                      mode, whose document declares no security at all (no token, no 401, no 403)
     */
    public ApiConventions(GenericResponseService responses, String operatorScope) {
        this.responses = responses;
        this.operatorScope = operatorScope;
    }

    /** springdoc calls the variant with the components; this one is never used on its own. */
    @Override
    public Operation customize(Operation operation, HandlerMethod handler) {
        return operation;
    }

    @Override
    public Operation customize(Operation operation, Components components, HandlerMethod handler) {
        nameAfterTheResource(operation, handler);
        keepTheSuccessAnswer(operation, components, handler);
        ApiResponses answers = operation.getResponses();
        boolean versioned = AnnotatedElementUtils.hasAnnotation(handler.getMethod(), Versioned.class);
        boolean get = requestMethods(handler).contains(RequestMethod.GET);

        answers.forEach((status, answer) -> {
            if (answer.get$ref() != null) {
                return;
            }
            if (status.equals("201")) {
                answer.addHeaderObject(HttpHeaders.LOCATION, headerRef(HttpHeaders.LOCATION));
            }
            if (status.equals("204") || status.equals("304")
                    || status.matches("30[1278]") && declaredMediaTypes(handler, status).isEmpty()) {
                answer.setContent(null); // no body, whatever springdoc took from the method's return type
            }
            if (versioned && (status.equals("200") || status.equals("201"))) {
                answer.addHeaderObject(HttpHeaders.ETAG, headerRef(HttpHeaders.ETAG));
            }
            if (isError(status)) {
                answer.setContent(problemContent(answer.getContent(), declaredMediaTypes(handler, status)));
            }
        });

        if (Arrays.stream(handler.getMethodParameters()).anyMatch(p -> p.getParameterType() == PageParams.class)) {
            addParameter(operation, PAGE);
            addParameter(operation, LIMIT);
            ApiResponse ok = answers.get("200");
            if (ok != null && ok.get$ref() == null) {
                if (!AnnotatedElementUtils.hasAnnotation(handler.getMethod(), OpenEnded.class)) {
                    ok.addHeaderObject(Paged.TOTAL_COUNT, headerRef(Paged.TOTAL_COUNT));
                }
                ok.addHeaderObject(HttpHeaders.LINK, headerRef(HttpHeaders.LINK));
            }
        }
        if (Arrays.stream(handler.getMethodParameters()).anyMatch(p -> p.getParameterType() == AsOf.class)) {
            addParameter(operation, AS_OF);
        }
        if (versioned && get) {
            addParameter(operation, IF_NONE_MATCH);
            answers.putIfAbsent("304", reference(NOT_MODIFIED));
        }

        answers.putIfAbsent("400", reference(BAD_REQUEST));
        if (hasParameter(operation, "path", null)) {
            answers.putIfAbsent("404", reference(NOT_FOUND));
        }
        if (hasParameter(operation, "header", IF_MATCH)) {
            parameters(operation).stream().filter(p -> "header".equals(p.getIn()) && IF_MATCH.equalsIgnoreCase(p.getName())
                            && p.getDescription() == null)
                    .forEach(p -> p.setDescription("The ETag you read; when the resource has changed since, "
                            + "nothing happens and the answer is 412. Leave it out (or `*`) to act regardless."));
            answers.putIfAbsent("412", reference(PRECONDITION_FAILED));
        }
        if (operation.getRequestBody() != null) {
            answers.putIfAbsent("413", reference(PAYLOAD_TOO_LARGE));
            answers.putIfAbsent("415", reference(UNSUPPORTED_MEDIA_TYPE));
        }
        if (!get) {
            answers.putIfAbsent("202", reference(ACCEPTED));
        }
        if (requestMethods(handler).contains(RequestMethod.POST)) {
            addParameter(operation, IDEMPOTENCY_KEY);
            answers.putIfAbsent("409", reference(KEY_IN_USE));
            answers.putIfAbsent("422", reference(KEY_REUSED));
        }
        answers.putIfAbsent("503", reference(SERVICE_UNAVAILABLE));
        secure(operation, answers, handler);

        operation.setResponses(byStatus(answers));
        return operation;
    }

    /**
     * In the {@code oidc} mode, a public endpoint needs no token ({@code security: []}); every other one the bearer
     * token, operators' the admin scope, and can answer 401 and 403. An endpoint public for one representation only
     * (a schema by its URL) needs the token for the others, and says so. The {@code local} mode asks for nothing,
     * and refuses nobody for who it is: its one user is its tenant's admin, so an endpoint's own 401 or 403 (one
     * that only a token's user can be refused with, such as deleting another user) is not its answer there.
     */
    private void secure(Operation operation, ApiResponses answers, HandlerMethod handler) {
        if (operatorScope == null) {
            answers.remove("401");
            answers.remove("403");
            return;
        }
        Public open = AnnotatedElementUtils.findMergedAnnotation(handler.getMethod(), Public.class);
        if (open == null) {
            open = AnnotatedElementUtils.findMergedAnnotation(handler.getBeanType(), Public.class);
        }
        if (open != null && open.preferring().isEmpty()) {
            operation.setSecurity(List.of());
            return;
        }
        boolean operators = AnnotatedElementUtils.hasAnnotation(handler.getMethod(), Operator.class)
                || AnnotatedElementUtils.hasAnnotation(handler.getBeanType(), Operator.class);
        SecurityRequirement bearer = new SecurityRequirement().addList(OpenApiConfiguration.BEARER,
                operators ? List.of(operatorScope) : List.of());
        operation.setSecurity(open == null ? List.of(bearer) : List.of(bearer, new SecurityRequirement()));
        if (open != null) {
            operation.setDescription((operation.getDescription() == null ? "" : operation.getDescription() + "\n\n")
                    + "Public, without a token, when `Accept` prefers `" + open.preferring() + "`.");
        }
        answers.putIfAbsent("401", reference(OpenApiConfiguration.UNAUTHORIZED));
        answers.putIfAbsent("403", reference(OpenApiConfiguration.FORBIDDEN));
    }

    /**
     * The media types the method's own {@code @ApiResponse} for this status names with a schema: springdoc fills an
     * answer declared without content with the method's return type, which an error answer is not.
     */
    private static List<String> declaredMediaTypes(HandlerMethod handler, String status) {
        return AnnotatedElementUtils.findMergedRepeatableAnnotations(handler.getMethod(),
                        io.swagger.v3.oas.annotations.responses.ApiResponse.class).stream()
                .filter(declared -> declared.responseCode().equals(status))
                .flatMap(declared -> Arrays.stream(declared.content()))
                .filter(content -> !content.schema().implementation().equals(Void.class)
                        || !content.schema().type().isEmpty() || content.schema().types().length > 0)
                .map(io.swagger.v3.oas.annotations.media.Content::mediaType)
                .toList();
    }

    private static void nameAfterTheResource(Operation operation, HandlerMethod handler) {
        io.swagger.v3.oas.annotations.Operation declared = AnnotatedElementUtils.findMergedAnnotation(
                handler.getMethod(), io.swagger.v3.oas.annotations.Operation.class);
        if (declared != null && !declared.operationId().isBlank()) {
            return;
        }
        String resource = handler.getBeanType().getSimpleName().replaceFirst("Controller$", "");
        String name = handler.getMethod().getName();
        operation.setOperationId(name + resource + (name.equals("list") ? "s" : ""));
    }

    /** springdoc leaves out the 200 once a method declares any answer; an operation without one is wrong. */
    private void keepTheSuccessAnswer(Operation operation, Components components, HandlerMethod handler) {
        if (operation.getResponses() == null) {
            operation.setResponses(new ApiResponses());
        }
        if (operation.getResponses().keySet().stream().anyMatch(ApiConventions::isSuccess)) {
            return;
        }
        MethodParameter returned = handler.getReturnType();
        Type type = GenericTypeResolver.resolveType(returned.getGenericParameterType(), returned.getContainingClass());
        Content content = responses.buildContent(components, new Annotation[0], produces(handler), null, type);
        operation.getResponses().addApiResponse("200", new ApiResponse().description("OK").content(content));
    }

    private static String[] produces(HandlerMethod handler) {
        Method method = handler.getMethod();
        RequestMapping onMethod = AnnotatedElementUtils.findMergedAnnotation(method, RequestMapping.class);
        if (onMethod != null && onMethod.produces().length > 0) {
            return onMethod.produces();
        }
        RequestMapping onType = AnnotatedElementUtils.findMergedAnnotation(handler.getBeanType(), RequestMapping.class);
        if (onType != null && onType.produces().length > 0) {
            return onType.produces();
        }
        return new String[] {MediaType.APPLICATION_JSON_VALUE};
    }

    private static List<RequestMethod> requestMethods(HandlerMethod handler) {
        RequestMapping mapping = AnnotatedElementUtils.findMergedAnnotation(handler.getMethod(), RequestMapping.class);
        return mapping == null ? List.of() : List.of(mapping.method());
    }

    private static List<Parameter> parameters(Operation operation) {
        return operation.getParameters() == null ? List.of() : operation.getParameters();
    }

    private static boolean hasParameter(Operation operation, String in, String name) {
        return parameters(operation).stream()
                .anyMatch(p -> in.equals(p.getIn()) && (name == null || name.equalsIgnoreCase(p.getName())));
    }

    private static void addParameter(Operation operation, String component) {
        List<Parameter> parameters = new ArrayList<>(parameters(operation));
        parameters.add(new Parameter().$ref("#/components/parameters/" + component));
        operation.setParameters(parameters);
    }

    private static ApiResponse reference(String response) {
        return new ApiResponse().$ref("#/components/responses/" + response);
    }

    private static boolean isSuccess(String status) {
        return status.length() == 3 && status.charAt(0) >= '1' && status.charAt(0) <= '3';
    }

    private static boolean isError(String status) {
        return status.length() == 3 && (status.charAt(0) == '4' || status.charAt(0) == '5');
    }

    private static ApiResponses byStatus(ApiResponses answers) {
        ApiResponses sorted = new ApiResponses();
        answers.entrySet().stream()
                .sorted(Map.Entry.comparingByKey(Comparator.comparing((String status) -> status.equals("default"))
                        .thenComparing(Comparator.naturalOrder())))
                .forEach(entry -> sorted.addApiResponse(entry.getKey(), entry.getValue()));
        sorted.setExtensions(answers.getExtensions());
        return sorted;
    }
}
