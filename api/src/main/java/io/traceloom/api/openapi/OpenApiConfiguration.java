package io.traceloom.api.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import io.swagger.v3.core.converter.ModelConverter;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.SpecVersion;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.security.SecurityScheme;
import io.traceloom.api.caller.Caller;
import io.traceloom.api.http.AsOf;
import io.traceloom.api.http.PageParams;
import io.traceloom.api.http.Paged;
import io.traceloom.api.http.RequestIdFilter;
import io.traceloom.api.problem.ProblemErrorController;
import io.traceloom.api.settings.ApiProperties;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springdoc.core.service.GenericResponseService;
import org.springdoc.core.utils.SpringDocUtils;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.info.BuildProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpHeaders;

/**
 * The API document at {@code /v3/api-docs} (OpenAPI 3.1) and Swagger UI at {@code /swagger-ui}, both served
 * from the jar. springdoc reads the controllers; {@link ApiConventions} adds what every endpoint shares. The
 * parts it refers to (the problem schema, the paging parameters, the common headers and error answers) are
 * declared once here, under {@code components}.
 */
@Configuration(proxyBeanMethods = false)
public class OpenApiConfiguration {

    static final String PROBLEM = "Problem";
    static final String FIELD_PROBLEM = "FieldProblem";
    static final String PAGE = "page";
    static final String LIMIT = "limit";
    static final String AS_OF = "asOf";
    static final String IF_NONE_MATCH = "If-None-Match";
    static final String PROBLEM_JSON = org.springframework.http.MediaType.APPLICATION_PROBLEM_JSON_VALUE;

    /** The answers {@link ApiConventions} adds by reference, by status. */
    static final String BAD_REQUEST = "BadRequest";
    static final String NOT_MODIFIED = "NotModified";
    static final String NOT_FOUND = "NotFound";
    static final String PRECONDITION_FAILED = "PreconditionFailed";
    static final String PAYLOAD_TOO_LARGE = "PayloadTooLarge";
    static final String UNSUPPORTED_MEDIA_TYPE = "UnsupportedMediaType";
    static final String SERVICE_UNAVAILABLE = "ServiceUnavailable";
    static final String IDEMPOTENCY_KEY = "Idempotency-Key";
    static final String ACCEPTED = "Accepted";
    static final String KEY_IN_USE = "IdempotencyKeyInUse";
    static final String KEY_REUSED = "IdempotencyKeyReused";
    static final String UNAUTHORIZED = "Unauthorized";
    static final String FORBIDDEN = "Forbidden";
    /** The security scheme of the {@code oidc} mode. */
    static final String BEARER = "bearer";

    static {
        // The caller comes from the request's identity, the page from PageParamsResolver and the instant from
        // AsOfResolver, never from a parameter springdoc could see; ApiConventions documents page, limit and
        // asOf instead. The error
        // controller answers for the servlet container, not as an endpoint of its own. A JsonNode is any
        // JSON value, not a type of its own.
        SpringDocUtils.getConfig()
                .replaceWithSchema(JsonNode.class, new Schema<>(SpecVersion.V31))
                .addRequestWrapperToIgnore(Caller.class, PageParams.class, AsOf.class)
                .addHiddenRestControllers(ProblemErrorController.class);
    }

    /**
     * The document's version is the release's (docs/versioning.md), from the build's {@code build-info.properties};
     * a class path without it (an IDE that did not run Maven) says so.
     */
    @Bean
    public OpenAPI traceloomOpenApi(ObjectProvider<BuildProperties> build, ApiProperties api) {
        BuildProperties properties = build.getIfAvailable();
        Components components = components();
        if (api.security().mode() == ApiProperties.Mode.OIDC) {
            secured(components, api.security().oidc().adminScope());
        }
        return new OpenAPI(SpecVersion.V31)
                .info(new Info()
                        .title("Traceloom")
                        .version(properties != null ? properties.getVersion() : "unknown (no build-info)")
                        .description("""
                                Supply-chain traceability data over HTTP and JSON, event-sourced: every write \
                                is recorded as an event. A write that answers 200, 201 or 204 is visible to the \
                                next read in any process; one recorded but not yet visible answers 202 with \
                                `Location` and `Retry-After` (read it there then; do not repeat the write).

                                - Timestamps are UTC ISO-8601 (`2026-01-02T03:04:05.678Z`). Request JSON is \
                                taken literally: unknown fields and values of the wrong type are 400.
                                - Every error is `application/problem+json` (RFC 9457), with an `errors` array \
                                of `{field, message}` when fields are invalid.
                                - Lists take `page` (from 1) and `limit` (1 to 100); the body is a JSON array, \
                                `X-Total-Count` and an RFC 8288 `Link` header carry the paging.
                                - A single resource carries an `ETag`: `If-None-Match` answers 304, \
                                `If-Match` on a write answers 412 when the resource has moved on.
                                - Every answer carries an `%s` (yours, if you send a sane one).
                                - A resource of another tenant does not exist for you (404).
                                """.formatted(RequestIdFilter.HEADER)))
                .components(components);
    }

    /** The document of the mode that serves it: the {@code local} mode's declares no security. */
    @Bean
    public ApiConventions apiConventions(GenericResponseService responses, ApiProperties api) {
        return new ApiConventions(responses, api.security().mode() == ApiProperties.Mode.OIDC
                ? api.security().oidc().adminScope() : null);
    }

    @Bean
    ModelConverter propertyRules() {
        return new PropertyRules();
    }

    private static Components components() {
        return new Components()
                .schemas(Map.of(PROBLEM, problem(), FIELD_PROBLEM, fieldProblem()))
                .parameters(Map.of(
                        PAGE, new Parameter().in("query").name(PAGE).required(false)
                                .description("The page, from 1.")
                                .schema(integer().minimum(BigDecimal.ONE)._default(1)),
                        LIMIT, new Parameter().in("query").name(LIMIT).required(false)
                                .description("Items per page, 1 to " + PageParams.MAX_LIMIT + ".")
                                .schema(integer().minimum(BigDecimal.ONE)
                                        .maximum(BigDecimal.valueOf(PageParams.MAX_LIMIT))
                                        ._default(PageParams.DEFAULT_LIMIT)),
                        AS_OF, new Parameter().in("query").name(AS_OF).required(false)
                                .description("Show the resource as it was at this instant (RFC 3339 with its offset, "
                                        + "`2026-11-01T12:00:00Z`), rebuilt from its events: 404 when it did not exist "
                                        + "then, as it was before a later deletion. In the future or malformed: 400.")
                                .schema(string().format("date-time")),
                        IF_NONE_MATCH, new Parameter().in("header").name(IF_NONE_MATCH).required(false)
                                .description("An ETag you hold; when it is still current the answer is 304.")
                                .schema(string()),
                        IDEMPOTENCY_KEY, new Parameter().in("header").name(IDEMPOTENCY_KEY).required(false)
                                .description("1 to 255 visible ASCII characters of your choosing. A retry with the same "
                                        + "key within 24 hours gets the first answer again (marked "
                                        + "`Idempotent-Replayed: true`) and changes nothing; an answer over 64 KiB "
                                        + "is replayed without its body (read the resource at `Location`).")
                                .schema(string().minLength(1).maxLength(257))))
                .headers(Map.of(
                        HttpHeaders.LOCATION, header("The URL of the created resource.", string().format("uri-reference")),
                        HttpHeaders.ETAG, header("The resource's version, quoted (`\"7\"`); send it back in "
                                + "`If-None-Match` or `If-Match`.", string()),
                        Paged.TOTAL_COUNT, header("How many items all pages hold together.", integer().minimum(BigDecimal.ZERO)),
                        HttpHeaders.LINK, header("RFC 8288 links to the `first`, `prev`, `next` and `last` pages.", string()),
                        HttpHeaders.RETRY_AFTER, header("Seconds to wait before retrying.", integer())))
                .responses(new java.util.LinkedHashMap<>(Map.of(
                        BAD_REQUEST, problemResponse("The request is not valid: `errors` names each invalid field "
                                + "or parameter with its rule."),
                        NOT_MODIFIED, new ApiResponse().description("Not modified: the `If-None-Match` ETag is "
                                + "still current. No body.")
                                .addHeaderObject(HttpHeaders.ETAG, headerRef(HttpHeaders.ETAG)),
                        NOT_FOUND, problemResponse("No such resource in your tenant."),
                        PRECONDITION_FAILED, problemResponse("The `If-Match` ETag is not the resource's current "
                                + "version: it changed since you read it."),
                        PAYLOAD_TOO_LARGE, problemResponse("The request body is larger than the limit "
                                + "(`traceloom.http.max-body-size`, 1 MB by default)."),
                        UNSUPPORTED_MEDIA_TYPE, problemResponse("The body is not sent as a media type this operation "
                                + "takes (see its request body; JSON is `application/json`)."),
                        SERVICE_UNAVAILABLE, problemResponse("Not yet: the read models are being rebuilt after a "
                                + "start, or the service is busy or cannot reach its event store. Retry after "
                                + "`Retry-After`.")
                                .addHeaderObject(HttpHeaders.RETRY_AFTER, headerRef(HttpHeaders.RETRY_AFTER)),
                        ACCEPTED, problemResponse("Recorded, not yet visible: the write is kept, but the read "
                                + "models that show it did not within `traceloom.read-models.await-timeout` (or one "
                                + "holds it back until an operator acts; or a retry with the `Idempotency-Key` of a "
                                + "request whose change was made but whose answer is not recorded). Read it at "
                                + "`Location` after `Retry-After` "
                                + "seconds, and do not repeat the write. The body (problem-shaped, type "
                                + "`urn:traceloom:problem:read-model-lag`) holds its `id`. 200, 201 and 204 always "
                                + "mean the change is visible to the next read, in any process.")
                                .addHeaderObject(HttpHeaders.LOCATION, headerRef(HttpHeaders.LOCATION))
                                .addHeaderObject(HttpHeaders.RETRY_AFTER, headerRef(HttpHeaders.RETRY_AFTER)),
                        KEY_IN_USE, problemResponse("The `Idempotency-Key` is taken by a request whose answer is "
                                + "not recorded yet, and where its change is read is not known (a retry whose first "
                                + "request's change is known answers 202 with its `Location`). Retry after "
                                + "`Retry-After`.")
                                .addHeaderObject(HttpHeaders.RETRY_AFTER, headerRef(HttpHeaders.RETRY_AFTER)),
                        KEY_REUSED, problemResponse("The `Idempotency-Key` was used within 24 hours for another "
                                + "request (another method, target or body)."))));
    }

    /** What the {@code oidc} mode adds: its bearer scheme, and the answers to a token missing or not enough. */
    private static void secured(Components components, String adminScope) {
        components
                .addResponses(UNAUTHORIZED, problemResponse("`oidc` mode: no bearer token, or one that is not valid "
                        + "(expired, another issuer or audience, a signature that does not verify); "
                        + "`WWW-Authenticate: Bearer` says which."))
                .addResponses(FORBIDDEN, problemResponse("`oidc` mode: the token may not do this: it names no "
                        + "tenant, its tenant is not registered or is disabled, its user has not registered itself "
                        + "(`POST /auth/tenant-users`) or was deleted (`urn:traceloom:problem:user-not-registered`), "
                        + "or (operators' endpoints) it lacks the admin scope."))
                .addSecuritySchemes(BEARER, new SecurityScheme().type(SecurityScheme.Type.HTTP).scheme("bearer")
                        .bearerFormat("JWT")
                        .description("The `oidc` mode (`traceloom.security.mode=oidc`): a JWT of the identity "
                                + "provider, its tenant in the claim `tenant_id` (configurable), the user in `sub`, "
                                + "`name` and `email`. A user registers itself (`POST /auth/tenant-users`) before "
                                + "it may act. Operators' endpoints need the scope `" + adminScope + "`; deleting "
                                + "another user of the tenant, the tenant-admin scope (`traceloom:tenant-admin` unless "
                                + "configured otherwise). (The `local` mode, the default, takes no token, and its "
                                + "document declares none.)"));
    }

    private static Schema<?> problem() {
        return object()
                .description("An RFC 9457 problem detail: what went wrong, for people (`title`, `detail`) and "
                        + "for programs (`type`, `status`, `errors`).")
                .addProperty("type", string().format("uri")
                        .description("What kind of problem: `urn:traceloom:problem:<kind>`, or `about:blank` "
                                + "when the status says it all.")
                        .example("urn:traceloom:problem:validation"))
                .addProperty("title", string().description("A short summary of the kind of problem.")
                        .example("The request is not valid"))
                .addProperty("status", integer().description("The HTTP status code.").example(400))
                .addProperty("detail", string().description("What went wrong with this request.")
                        .example("name must not be blank"))
                .addProperty("instance", string().format("uri-reference").description("The request path.")
                        .example("/trade-items"))
                .addProperty("errors", new Schema<>(SpecVersion.V31).types(Set.of("array"))
                        .items(ref(FIELD_PROBLEM))
                        .description("For an invalid request: every invalid field or parameter, once."))
                .required(List.of("type", "title", "status"));
    }

    private static Schema<?> fieldProblem() {
        return object()
                .description("One invalid field of the body (a JSON path such as `links[2].href`) or parameter.")
                .addProperty("field", string().example("name"))
                .addProperty("message", string().example("must not be blank"))
                .required(List.of("field", "message"));
    }

    private static ApiResponse problemResponse(String description) {
        return new ApiResponse().description(description).content(problemContent());
    }

    static Content problemContent() {
        return new Content().addMediaType(PROBLEM_JSON, new MediaType().schema(ref(PROBLEM)));
    }

    /** The problem, besides the media types of {@code declared} that {@code keep} names. */
    static Content problemContent(Content declared, List<String> keep) {
        Content content = new Content();
        if (declared != null) {
            declared.forEach((type, media) -> {
                if (keep.contains(type) && !type.equals(PROBLEM_JSON)) {
                    content.addMediaType(type, media);
                }
            });
        }
        return content.addMediaType(PROBLEM_JSON, new MediaType().schema(ref(PROBLEM)));
    }

    private static Header header(String description, Schema<?> schema) {
        return new Header().description(description).schema(schema);
    }

    static Header headerRef(String name) {
        return new Header().$ref("#/components/headers/" + name);
    }

    static Schema<?> ref(String schema) {
        return new Schema<>(SpecVersion.V31).$ref("#/components/schemas/" + schema);
    }

    private static Schema<Object> object() {
        return new Schema<>(SpecVersion.V31).types(Set.of("object"));
    }

    private static Schema<Object> string() {
        return new Schema<>(SpecVersion.V31).types(Set.of("string"));
    }

    private static Schema<Object> integer() {
        return new Schema<>(SpecVersion.V31).types(Set.of("integer"));
    }
}
