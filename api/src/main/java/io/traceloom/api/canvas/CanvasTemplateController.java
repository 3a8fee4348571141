package io.traceloom.api.canvas;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.traceloom.api.caller.Caller;
import io.traceloom.api.guard.HeavyRequest;
import io.traceloom.api.history.HistoryEventResponse;
import io.traceloom.api.history.ResourceHistories;
import io.traceloom.api.http.AsOf;
import io.traceloom.api.http.PageParams;
import io.traceloom.api.http.Paged;
import io.traceloom.api.http.Versions;
import io.traceloom.api.messaging.Queries;
import io.traceloom.api.messaging.Writes;
import io.traceloom.api.openapi.Versioned;
import io.traceloom.api.problem.InvalidRequestException;
import io.traceloom.api.problem.Problems.FieldProblem;
import io.traceloom.command.config.CommandSideProperties;
import io.traceloom.kernel.canvas.CanvasTemplateInstanceView;
import io.traceloom.kernel.canvas.CanvasTemplatePage;
import io.traceloom.kernel.canvas.CanvasTemplateView;
import io.traceloom.kernel.canvas.CreateCanvasTemplate;
import io.traceloom.kernel.canvas.DeleteCanvasTemplate;
import io.traceloom.kernel.canvas.FindCanvasTemplate;
import io.traceloom.kernel.canvas.FindCanvasTemplateInstance;
import io.traceloom.kernel.canvas.ListCanvasTemplates;
import io.traceloom.kernel.canvas.RenderCanvasTemplate;
import io.traceloom.kernel.canvas.ReplaceCanvasTemplate;
import io.traceloom.kernel.message.ResourceIds;
import io.traceloom.kernel.schema.SchemaIds;
import jakarta.validation.Valid;
import java.net.URI;
import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.util.UriComponentsBuilder;

@RestController
@Tag(name = "Canvas templates", description = "Handlebars templates, the JSON Schema their variables must satisfy, "
        + "and renders of them, each recorded. Templates run in a sandbox: they read their variables and nothing else.")
@RequestMapping(path = "/canvas-templates", produces = MediaType.APPLICATION_JSON_VALUE)
public class CanvasTemplateController {

    private final Writes writes;
    private final Queries queries;
    private final String publicBaseUrl;
    private final ResourceHistories histories;

    public CanvasTemplateController(Writes writes, Queries queries, CommandSideProperties properties,
                                    ResourceHistories histories) {
        this.writes = writes;
        this.queries = queries;
        this.publicBaseUrl = properties.publicBaseUrl();
        this.histories = histories;
    }

    @Operation(summary = "Create a canvas template",
            description = "`template` must compile as Handlebars (400 with the line and column otherwise). The "
                    + "variables of a render must satisfy `schema` (a JSON Schema, checked as a stored schema is), or "
                    + "instead the stored schema `schemaId` names, which the template then uses: it cannot be deleted "
                    + "while the template uses it.")
    @ApiResponse(responseCode = "201", description = "Created: the template.")
    @Versioned
    @HeavyRequest
    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<CanvasTemplateResponse> create(Caller caller, @Valid @RequestBody CanvasTemplateRequest body,
                                                         UriComponentsBuilder uri) {
        requireOneSchema(body);
        String id = ResourceIds.next();
        URI location = uri.path("/canvas-templates/{id}").build(id);
        writes.sendAndAwaitReadModels(new CreateCanvasTemplate(caller.tenantId(), id, body.name(), body.template(),
                schema(body), body.schemaId()), id, location);
        CanvasTemplateView template = find(caller, id);
        return ResponseEntity.created(location).eTag(Versions.etag(template.version()))
                .body(CanvasTemplateResponse.of(template, publicBaseUrl));
    }

    /** Spec endpoint 9. */
    @Operation(summary = "Read a canvas template")
    @Versioned
    @GetMapping("/{id}")
    public ResponseEntity<CanvasTemplateResponse> get(Caller caller, @PathVariable String id, AsOf asOf,
                                                      WebRequest request) {
        CanvasTemplateView template = find(caller, id, asOf);
        return Versions.ok(request, Versions.etag(template.version()), CanvasTemplateResponse.of(template, publicBaseUrl));
    }

    @Operation(summary = "Read a canvas template's history", description = ResourceHistories.DESCRIPTION)
    @Versioned
    @GetMapping("/{id}/history")
    public ResponseEntity<List<HistoryEventResponse>> history(Caller caller, @PathVariable String id, PageParams page,
                                                              WebRequest request) {
        return histories.answer("canvas-templates", caller, id, page, request, "Canvas template '" + id + "' does not exist.");
    }

    @Operation(summary = "List canvas templates", description = "Oldest first.")
    @GetMapping
    public ResponseEntity<List<CanvasTemplateResponse>> list(Caller caller, PageParams page) {
        CanvasTemplatePage result = queries.page(new ListCanvasTemplates(caller.tenantId(), page.page(), page.limit()),
                CanvasTemplatePage.class);
        return Paged.response(page, result.items().stream()
                .map(template -> CanvasTemplateResponse.of(template, publicBaseUrl)).toList(), result.total());
    }

    @Operation(summary = "Replace a canvas template", description = "As created; renders made so far keep the "
            + "version they used.")
    @ApiResponse(responseCode = "200", description = "Replaced: the template.")
    @Versioned
    @HeavyRequest
    @PutMapping(path = "/{id}", consumes = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<CanvasTemplateResponse> replace(Caller caller, @PathVariable String id,
                                                          @Valid @RequestBody CanvasTemplateRequest body,
                                                          @RequestHeader(name = HttpHeaders.IF_MATCH, required = false)
                                                          String ifMatch, UriComponentsBuilder uri) {
        requireOneSchema(body);
        Long expectedVersion = expectedVersion(caller, id, ifMatch);
        writes.sendAndAwaitReadModels(new ReplaceCanvasTemplate(caller.tenantId(), id, body.name(), body.template(),
                schema(body), body.schemaId(), expectedVersion), id, uri.path("/canvas-templates/{id}").build(id));
        CanvasTemplateView template = find(caller, id);
        return ResponseEntity.ok().eTag(Versions.etag(template.version()))
                .body(CanvasTemplateResponse.of(template, publicBaseUrl));
    }

    @Operation(summary = "Delete a canvas template", description = "What was rendered from it stays readable.")
    @ApiResponse(responseCode = "204", description = "Deleted.")
    @DeleteMapping("/{id}")
    public ResponseEntity<Void> delete(Caller caller, @PathVariable String id,
                                       @RequestHeader(name = HttpHeaders.IF_MATCH, required = false) String ifMatch,
                                       UriComponentsBuilder uri) {
        Long expectedVersion = expectedVersion(caller, id, ifMatch);
        writes.sendAndAwaitReadModels(new DeleteCanvasTemplate(caller.tenantId(), id, expectedVersion), id,
                uri.path("/canvas-templates/{id}").build(id));
        return ResponseEntity.noContent().build();
    }

    @Operation(summary = "Render a canvas template",
            description = "The body is the variables, a JSON object. They must satisfy the template's schema (400 "
                    + "listing every violation: `errors` by field, `violations` with JSON Schema's locations). The "
                    + "output is HTML-escaped (`{{{x}}}` is the author's choice not to), at most "
                    + "`traceloom.canvas.max-output` bytes, rendered within `traceloom.canvas.render-timeout`, else 400. "
                    + "The render is recorded: who rendered which template version with which variables, readable at "
                    + "`Location`.")
    @ApiResponse(responseCode = "201", description = "Rendered and recorded: the render.",
            content = @Content(schema = @Schema(implementation = CanvasTemplateInstanceResponse.class)))
    @Versioned
    @HeavyRequest
    @PostMapping(path = "/{id}/render", consumes = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<CanvasTemplateInstanceResponse> render(Caller caller, @PathVariable String id,
                                                                 @io.swagger.v3.oas.annotations.parameters.RequestBody(
                                                                         description = "The variables: a JSON object, "
                                                                                 + "checked against the template's schema.")
                                                                 @RequestBody ObjectNode variables,
                                                                 UriComponentsBuilder uri) {
        String instanceId = ResourceIds.next();
        URI location = uri.path("/canvas-template-instances/{id}").build(instanceId);
        writes.sendAndAwaitReadModels(new RenderCanvasTemplate(caller.tenantId(), instanceId, id, variables.toString(),
                caller.userId()), instanceId, location);
        CanvasTemplateInstanceView instance = queries.one(new FindCanvasTemplateInstance(caller.tenantId(), instanceId),
                CanvasTemplateInstanceView.class, "Canvas template instance '" + instanceId + "' does not exist.");
        return ResponseEntity.created(location).eTag(Versions.etag(CanvasTemplateInstanceController.RENDERED))
                .body(CanvasTemplateInstanceResponse.of(instance));
    }

    private Long expectedVersion(Caller caller, String id, String ifMatch) {
        if (ifMatch == null) {
            return null;
        }
        CanvasTemplateView template = find(caller, id);
        return Versions.requireMatch(ifMatch, Versions.etag(template.version())) ? template.version() : null;
    }

    private CanvasTemplateView find(Caller caller, String id) {
        return find(caller, id, new AsOf(null));
    }

    private CanvasTemplateView find(Caller caller, String id, AsOf asOf) {
        return queries.view(new FindCanvasTemplate(caller.tenantId(), id, asOf.instant()), asOf,
                CanvasTemplateView.class, "Canvas template '" + id + "'");
    }

    /** The variables' schema is given once: kept with the template, or a stored one by id. */
    private static void requireOneSchema(CanvasTemplateRequest body) {
        if (body.schema() != null && body.schemaId() != null) {
            throw new InvalidRequestException(List.of(new FieldProblem("schemaId",
                    "must be left out when schema is given: the variables have one schema")));
        }
        if (body.schema() == null && body.schemaId() == null) {
            throw new InvalidRequestException("schema", "is required, unless schemaId names a stored schema");
        }
        if (body.schemaId() != null && !SchemaIds.isValid(body.schemaId())) {
            throw new InvalidRequestException("schemaId", "must be a schema's id, a UUID in lower case");
        }
    }

    private static String schema(CanvasTemplateRequest body) {
        return body.schema() == null ? null : body.schema().toString();
    }
}
