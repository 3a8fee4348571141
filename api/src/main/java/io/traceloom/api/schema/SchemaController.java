package io.traceloom.api.schema;

import com.fasterxml.jackson.databind.JsonNode;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.parameters.RequestBody;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.traceloom.api.caller.Caller;
import io.traceloom.api.caller.CurrentCaller;
import io.traceloom.api.guard.AnyJsonText;
import io.traceloom.api.guard.HeavyRequest;
import io.traceloom.api.history.HistoryEventResponse;
import io.traceloom.api.history.ResourceHistories;
import io.traceloom.api.http.AsOf;
import io.traceloom.api.http.Negotiation;
import io.traceloom.api.http.PageParams;
import io.traceloom.api.http.Paged;
import io.traceloom.api.http.Versions;
import io.traceloom.api.messaging.Queries;
import io.traceloom.api.messaging.Writes;
import io.traceloom.api.openapi.Versioned;
import io.traceloom.api.problem.InvalidRequestException;
import io.traceloom.api.problem.Problems;
import io.traceloom.api.security.Public;
import io.traceloom.kernel.message.ResourceIds;
import io.traceloom.kernel.schema.DeleteSchema;
import io.traceloom.kernel.schema.FindSchema;
import io.traceloom.kernel.schema.FindSchemaByUrl;
import io.traceloom.kernel.schema.ListSchemas;
import io.traceloom.kernel.schema.PutSchema;
import io.traceloom.kernel.schema.SchemaIds;
import io.traceloom.kernel.schema.SchemaPage;
import io.traceloom.kernel.schema.SchemaValidation;
import io.traceloom.kernel.schema.SchemaView;
import io.traceloom.kernel.schema.ValidateAgainstSchema;
import jakarta.validation.Valid;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.ErrorResponseException;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.util.UriComponentsBuilder;

@RestController
@Tag(name = "Schemas", description = "JSON Schemas (2020-12; 2019-09 and draft-07 when `$schema` names them) a "
        + "tenant stores, validates JSON with, and refers to: from other schemas by `$ref` to their URL "
        + "(`<public base URL>/schemas/{id}`), and from canvas templates by `schemaId`.")
@RequestMapping(path = "/schemas", produces = MediaType.APPLICATION_JSON_VALUE)
public class SchemaController {

    /** What {@code GET /schemas/{id}} answers when asked for the schema itself (its URL dereferenced). */
    public static final String SCHEMA_JSON = "application/schema+json";
    private static final MediaType SCHEMA_JSON_TYPE = MediaType.parseMediaType(SCHEMA_JSON);

    private final Writes writes;
    private final Queries queries;
    private final CurrentCaller callers;
    private final ResourceHistories histories;

    public SchemaController(Writes writes, Queries queries, CurrentCaller callers, ResourceHistories histories) {
        this.writes = writes;
        this.queries = queries;
        this.callers = callers;
        this.histories = histories;
    }

    /** Spec endpoint 5. */
    @Operation(summary = "Create or replace a schema",
            description = "The id is a UUID (lower case) of your choosing; the body's `id`, when given, must be the "
                    + "path's. `schema` must satisfy its dialect's meta-schema (2020-12 unless `$schema` names "
                    + "2019-09 or draft-07): otherwise 400, listing every violation with its JSON pointer. A `$ref` "
                    + "resolves within the schema or to your other stored schemas by their URL "
                    + "(`<public base URL>/schemas/{id}`, relative ones too), never to anything else.")
    @ApiResponse(responseCode = "201", description = "Created: the schema.")
    @ApiResponse(responseCode = "200", description = "Replaced: the schema.")
    @Versioned
    @HeavyRequest
    @PutMapping(path = "/{id}", consumes = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<SchemaResponse> put(Caller caller, @PathVariable String id,
                                              @Valid @org.springframework.web.bind.annotation.RequestBody PutSchemaRequest body,
                                              @RequestHeader(name = HttpHeaders.IF_MATCH, required = false) String ifMatch,
                                              UriComponentsBuilder uri) {
        if (!SchemaIds.isValid(id)) {
            throw new InvalidRequestException("id", "must be a UUID in lower case, e.g. "
                    + "0f5d2c1e-7a3b-4c9d-8e1f-2a3b4c5d6e7f");
        }
        if (body.id() != null && !body.id().equals(id)) {
            throw new InvalidRequestException("id", "must be the id of the path, '" + id + "', when given");
        }
        Long expectedVersion = null;
        if (ifMatch != null) {
            Optional<SchemaView> current = queries.find(new FindSchema(caller.tenantId(), id), SchemaView.class);
            if (current.isPresent() && Versions.requireMatch(ifMatch, Versions.etag(current.get().version()))) {
                expectedVersion = current.get().version();
            }
        }
        URI location = uri.path("/schemas/{id}").build(id);
        boolean created = writes.sendAndAwaitReadModels(new PutSchema(caller.tenantId(), id, body.name(),
                body.schema().toString(), expectedVersion, ifMatch != null), id, location);
        SchemaView schema = find(caller, id);
        return (created ? ResponseEntity.created(location) : ResponseEntity.ok())
                .eTag(Versions.etag(schema.version()))
                .body(SchemaResponse.of(schema));
    }

    @Operation(summary = "Create a schema", description = "As `PUT /schemas/{id}`, with an id chosen for you.")
    @ApiResponse(responseCode = "201", description = "Created: the schema.")
    @Versioned
    @HeavyRequest
    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<SchemaResponse> create(Caller caller,
                                                 @Valid @org.springframework.web.bind.annotation.RequestBody
                                                 CreateSchemaRequest body, UriComponentsBuilder uri) {
        String id = ResourceIds.next();
        URI location = uri.path("/schemas/{id}").build(id);
        writes.sendAndAwaitReadModels(new PutSchema(caller.tenantId(), id, body.name(), body.schema().toString(),
                null, false), id, location);
        SchemaView schema = find(caller, id);
        return ResponseEntity.created(location).eTag(Versions.etag(schema.version())).body(SchemaResponse.of(schema));
    }

    /**
     * The schema's record, or, asked for {@code application/schema+json}, the schema itself: what its URL (in
     * {@code $ref}s, in credentials' {@code credentialSchema}) names, which is public: anyone may read a schema by
     * its URL. The record is its tenant's.
     */
    @Operation(summary = "Read a schema",
            description = "`{id, name, schema, createdAt, updatedAt, version}`; with `Accept: application/schema+json` "
                    + "the JSON Schema itself, as its URL names it: that representation is **public** (no token needed, "
                    + "whoever asks), since credentials and other parties' schemas name a schema by its URL.")
    @ApiResponse(responseCode = "200", description = "The schema.", content = {
            @Content(mediaType = MediaType.APPLICATION_JSON_VALUE, schema = @Schema(implementation = SchemaResponse.class)),
            @Content(mediaType = SCHEMA_JSON, schema = @Schema(types = "object", description = "The JSON Schema itself."))})
    @Versioned
    @Public(preferring = SCHEMA_JSON)
    @GetMapping(path = "/{id}", produces = {MediaType.APPLICATION_JSON_VALUE, SCHEMA_JSON})
    public ResponseEntity<?> get(@PathVariable String id, AsOf asOf, WebRequest request,
                                 @RequestHeader(name = HttpHeaders.ACCEPT, required = false) String accept) {
        if (Negotiation.prefers(accept, SCHEMA_JSON_TYPE, MediaType.APPLICATION_JSON)) {
            if (asOf.instant() != null) {
                throw new InvalidRequestException("asOf", "applies to the schema's record (application/json); "
                        + "the schema at its URL is the schema as it stands now");
            }
            SchemaView schema = queries.one(new FindSchemaByUrl(id), SchemaView.class,
                    "Schema '" + id + "' does not exist.");
            String etag = "\"schema-" + schema.version() + "\"";
            if (request.checkNotModified(etag)) {
                return null;
            }
            return ResponseEntity.ok().eTag(etag).contentType(SCHEMA_JSON_TYPE).varyBy(HttpHeaders.ACCEPT)
                    .body(schema.schema().getBytes(StandardCharsets.UTF_8));
        }
        SchemaView schema = find(callers.get(), id, asOf);
        String etag = Versions.etag(schema.version());
        if (request.checkNotModified(etag)) {
            return null;
        }
        return ResponseEntity.ok().eTag(etag).varyBy(HttpHeaders.ACCEPT).body(SchemaResponse.of(schema));
    }

    @Operation(summary = "Read a schema's history", description = ResourceHistories.DESCRIPTION)
    @Versioned
    @GetMapping("/{id}/history")
    public ResponseEntity<List<HistoryEventResponse>> history(Caller caller, @PathVariable String id, PageParams page,
                                                              WebRequest request) {
        return histories.answer("schemas", caller, id, page, request, "Schema '" + id + "' does not exist.");
    }

    @Operation(summary = "List schemas", description = "Oldest first.")
    @GetMapping
    public ResponseEntity<List<SchemaResponse>> list(Caller caller, PageParams page) {
        SchemaPage result = queries.page(new ListSchemas(caller.tenantId(), page.page(), page.limit()), SchemaPage.class);
        return Paged.response(page, result.items().stream().map(SchemaResponse::of).toList(), result.total());
    }

    @Operation(summary = "Delete a schema",
            description = "Refused (409) while anything uses it: a canvas template (`schemaId`, or a `$ref` of its "
                    + "schema), or another schema's `$ref`. The id stays yours: a later `PUT` creates it anew.")
    @ApiResponse(responseCode = "204", description = "Deleted.")
    @ApiResponse(responseCode = "409", description = "The schema is in use; the problem names what uses it.")
    @DeleteMapping("/{id}")
    public ResponseEntity<Void> delete(Caller caller, @PathVariable String id,
                                       @RequestHeader(name = HttpHeaders.IF_MATCH, required = false) String ifMatch,
                                       UriComponentsBuilder uri) {
        Long expectedVersion = null;
        if (ifMatch != null) {
            SchemaView schema = find(caller, id);
            expectedVersion = Versions.requireMatch(ifMatch, Versions.etag(schema.version())) ? schema.version() : null;
        }
        writes.sendAndAwaitReadModels(new DeleteSchema(caller.tenantId(), id, expectedVersion), id,
                uri.path("/schemas/{id}").build(id));
        return ResponseEntity.noContent().build();
    }

    /** Changes nothing: checks the body against the schema as it stands now. */
    @Operation(summary = "Validate JSON against a schema",
            description = "Any JSON value as the body. 200 `{valid, errors}` whether it is valid or not, each error "
                    + "with its `instanceLocation`, `keywordLocation` and `message`. An evaluation that takes longer "
                    + "than `traceloom.schemas.validation-timeout` is 400.")
    @ApiResponse(responseCode = "200", description = "Whether the document is valid, and every violation.")
    @HeavyRequest
    @PostMapping(path = "/{id}/validate", consumes = MediaType.APPLICATION_JSON_VALUE)
    public ValidationResponse validate(Caller caller, @PathVariable String id,
                                       @RequestBody(description = "Any JSON value.", content = @Content(
                                               schema = @Schema(description = "Any JSON value.",
                                                       types = {"object", "array", "string", "number", "boolean", "null"})))
                                       @AnyJsonText @org.springframework.web.bind.annotation.RequestBody JsonNode document) {
        SchemaValidation validation = queries.one(new ValidateAgainstSchema(caller.tenantId(), id, document.toString()),
                SchemaValidation.class, "Schema '" + id + "' does not exist.");
        if (validation.overLimit() != null) {
            throw new ErrorResponseException(HttpStatus.BAD_REQUEST, Problems.of(HttpStatus.BAD_REQUEST,
                    "limit-exceeded", "A limit of this service is exceeded",
                    "The document could not be checked: " + validation.overLimit() + "."), null);
        }
        return ValidationResponse.of(validation.violations());
    }

    private SchemaView find(Caller caller, String id) {
        return find(caller, id, new AsOf(null));
    }

    private SchemaView find(Caller caller, String id, AsOf asOf) {
        return queries.view(new FindSchema(caller.tenantId(), id, asOf.instant()), asOf, SchemaView.class,
                "Schema '" + id + "'");
    }
}
