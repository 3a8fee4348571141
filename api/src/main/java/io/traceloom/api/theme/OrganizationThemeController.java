package io.traceloom.api.theme;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.traceloom.api.caller.Caller;
import io.traceloom.api.history.HistoryEventResponse;
import io.traceloom.api.history.ResourceHistories;
import io.traceloom.api.http.AsOf;
import io.traceloom.api.http.PageParams;
import io.traceloom.api.http.Versions;
import io.traceloom.api.messaging.Queries;
import io.traceloom.api.messaging.Writes;
import io.traceloom.api.openapi.Versioned;
import io.traceloom.api.problem.InvalidRequestException;
import io.traceloom.api.problem.Problems.FieldProblem;
import io.traceloom.command.config.CommandSideProperties;
import io.traceloom.kernel.message.ResourceIds;
import io.traceloom.kernel.theme.FindOrganizationTheme;
import io.traceloom.kernel.theme.HexColor;
import io.traceloom.kernel.theme.OrganizationThemeView;
import io.traceloom.kernel.theme.SetOrganizationTheme;
import jakarta.validation.Valid;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.util.UriComponentsBuilder;

@RestController
@Tag(name = "Organization themes", description = "A tenant's one theme: its colour, its icon, and CSS variables "
        + "derived from the colour.")
@RequestMapping(path = "/organization-themes", produces = MediaType.APPLICATION_JSON_VALUE)
public class OrganizationThemeController {

    private static final Pattern UUID_SHAPED =
            Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

    private final Writes writes;
    private final Queries queries;
    private final String publicBaseUrl;
    private final ResourceHistories histories;

    public OrganizationThemeController(Writes writes, Queries queries, CommandSideProperties properties,
                                       ResourceHistories histories) {
        this.writes = writes;
        this.queries = queries;
        this.publicBaseUrl = properties.publicBaseUrl().replaceAll("/+$", "");
        this.histories = histories;
    }

    @Operation(summary = "Set the organization theme",
            description = "The first call creates the tenant's theme, later ones replace it and keep its `id` "
                    + "(`createdAt` stays, `updatedAt` moves). `icon` must be a PNG, JPEG, GIF or WebP file of "
                    + "yours, as detected from its bytes (SVG is refused: it can carry script); while it is the "
                    + "icon, the file cannot be deleted.")
    @ApiResponse(responseCode = "200", description = "The theme as it now stands.")
    @Versioned
    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<OrganizationThemeResponse> set(Caller caller,
                                                         @Valid @RequestBody SetOrganizationThemeRequest body,
                                                         UriComponentsBuilder uri) {
        List<FieldProblem> problems = new ArrayList<>();
        Optional<String> color = HexColor.normalize(body.color());
        if (color.isEmpty()) {
            problems.add(new FieldProblem("color", "must be a hex colour, #RRGGBB or #RGB"));
        }
        if (!UUID_SHAPED.matcher(body.icon()).matches()) {
            problems.add(new FieldProblem("icon", "must be the id of a file (a lower-case UUID)"));
        }
        if (!problems.isEmpty()) {
            throw new InvalidRequestException(problems);
        }
        String newId = ResourceIds.next();
        String id = queries.find(new FindOrganizationTheme(caller.tenantId(), null), OrganizationThemeView.class)
                .map(OrganizationThemeView::id).orElse(newId);
        writes.sendAndAwaitReadModels(new SetOrganizationTheme(caller.tenantId(), newId, color.get(), body.icon()),
                id, uri.path("/organization-themes/{id}").build(id));
        OrganizationThemeView theme = find(caller, null);
        return ResponseEntity.ok().eTag(etag(theme)).body(OrganizationThemeResponse.of(theme, publicBaseUrl));
    }

    @Operation(summary = "Read the organization theme", description = "The tenant's theme; 404 until it is set.")
    @ApiResponse(responseCode = "200", description = "The theme.")
    @ApiResponse(responseCode = "404", description = "No theme is set in your tenant (or was not, at `asOf`).")
    @Versioned
    @GetMapping
    public ResponseEntity<OrganizationThemeResponse> mine(Caller caller, AsOf asOf, WebRequest request) {
        OrganizationThemeView theme = find(caller, null, asOf);
        return Versions.ok(request, etag(theme), OrganizationThemeResponse.of(theme, publicBaseUrl));
    }

    @Operation(summary = "Read the organization theme by id")
    @Versioned
    @GetMapping("/{id}")
    public ResponseEntity<OrganizationThemeResponse> get(Caller caller, @PathVariable String id, AsOf asOf,
                                                         WebRequest request) {
        OrganizationThemeView theme = find(caller, id, asOf);
        return Versions.ok(request, etag(theme), OrganizationThemeResponse.of(theme, publicBaseUrl));
    }

    @Operation(summary = "Read the organization theme's history", description = ResourceHistories.DESCRIPTION)
    @Versioned
    @GetMapping("/{id}/history")
    public ResponseEntity<List<HistoryEventResponse>> history(Caller caller, @PathVariable String id, PageParams page,
                                                              WebRequest request) {
        return histories.answer("organization-themes", caller, id, page, request,
                "Organization theme '" + id + "' does not exist.");
    }

    /** The theme's version and its icon file's: the body embeds the icon as it stands now. */
    private static String etag(OrganizationThemeView theme) {
        return Versions.etag(theme.version(), theme.icon().version());
    }

    private OrganizationThemeView find(Caller caller, String id) {
        return find(caller, id, new AsOf(null));
    }

    private OrganizationThemeView find(Caller caller, String id, AsOf asOf) {
        if (id != null) {
            return queries.view(new FindOrganizationTheme(caller.tenantId(), id, asOf.instant()), asOf,
                    OrganizationThemeView.class, "Organization theme '" + id + "'");
        }
        return queries.one(new FindOrganizationTheme(caller.tenantId(), null, asOf.instant()),
                OrganizationThemeView.class, asOf.instant() == null ? "There is no organization theme yet; POST one."
                        : "There was no organization theme at " + asOf.instant() + ".");
    }
}
