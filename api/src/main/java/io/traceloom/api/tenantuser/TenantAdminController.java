package io.traceloom.api.tenantuser;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.traceloom.api.caller.CurrentCaller;
import io.traceloom.api.http.PageParams;
import io.traceloom.api.http.Paged;
import io.traceloom.api.http.Versions;
import io.traceloom.api.messaging.Queries;
import io.traceloom.api.messaging.Writes;
import io.traceloom.api.openapi.Versioned;
import io.traceloom.api.problem.InvalidRequestException;
import io.traceloom.api.security.Operator;
import io.traceloom.kernel.tenantuser.DisableTenant;
import io.traceloom.kernel.tenantuser.EnableTenant;
import io.traceloom.kernel.tenantuser.FindTenant;
import io.traceloom.kernel.tenantuser.ListTenants;
import io.traceloom.kernel.tenantuser.RegisterTenant;
import io.traceloom.kernel.tenantuser.TenantPage;
import io.traceloom.kernel.tenantuser.TenantView;
import jakarta.validation.Valid;
import java.net.URI;
import java.util.List;
import java.util.regex.Pattern;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * Operators register tenants under the name their identity provider gives them (the token's tenant claim),
 * and disable or enable them. In the {@code oidc} mode these need the admin scope ({@link Operator}); they act
 * on any tenant, and give no way into a tenant's data.
 */
@RestController
@Operator
@Tag(name = "Tenants (operators)", description = "Register, disable and enable tenants. In the `oidc` mode: the "
        + "admin scope.")
@RequestMapping(path = "/admin/tenants", produces = MediaType.APPLICATION_JSON_VALUE)
public class TenantAdminController {

    /** What a tenant claim may hold to name a tenant here (docs/limits.md). */
    private static final Pattern EXTERNAL_ID = Pattern.compile("[A-Za-z0-9._~:@+-]{1,200}");

    private final Writes writes;
    private final Queries queries;
    private final CurrentCaller callers;

    public TenantAdminController(Writes writes, Queries queries, CurrentCaller callers) {
        this.writes = writes;
        this.queries = queries;
        this.callers = callers;
    }

    @Operation(summary = "Register a tenant, or rename it",
            description = "`{tenantId}` is the tenant as your identity provider names it: the value of the tokens' "
                    + "tenant claim (1 to 200 of letters, digits and `. _ ~ : @ + -`). The tenant's id in this "
                    + "service is a UUID named after it. 201 the first time, 200 after.")
    @ApiResponse(responseCode = "201", description = "Registered.")
    @ApiResponse(responseCode = "200", description = "Registered already: renamed when the name changed.")
    @Versioned
    @PutMapping(path = "/{tenantId}", consumes = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<TenantResponse> register(@Parameter(description = "The tokens' tenant claim.")
                                                   @PathVariable String tenantId,
                                                   @Valid @RequestBody PutTenantRequest body, UriComponentsBuilder uri) {
        requireExternalId(tenantId);
        String id = callers.tenantIdOf(tenantId);
        URI location = uri.path("/admin/tenants/{tenantId}").build(tenantId);
        Boolean created = writes.sendAndAwaitReadModels(new RegisterTenant(id, tenantId, body.name()), id, location);
        TenantView tenant = find(tenantId);
        return (Boolean.TRUE.equals(created) ? ResponseEntity.created(location) : ResponseEntity.ok())
                .eTag(Versions.etag(tenant.version())).body(TenantResponse.of(tenant));
    }

    @Operation(summary = "Read a tenant", description = "`{tenantId}` as the identity provider names it.")
    @Versioned
    @GetMapping("/{tenantId}")
    public ResponseEntity<TenantResponse> get(@PathVariable String tenantId, WebRequest request) {
        TenantView tenant = find(tenantId);
        return Versions.ok(request, Versions.etag(tenant.version()), TenantResponse.of(tenant));
    }

    @Operation(summary = "List the tenants", description = "Oldest first.")
    @GetMapping
    public ResponseEntity<List<TenantResponse>> list(PageParams page) {
        TenantPage result = queries.page(new ListTenants(page.page(), page.limit()), TenantPage.class);
        return Paged.response(page, result.items().stream().map(TenantResponse::of).toList(), result.total());
    }

    @Operation(summary = "Disable a tenant",
            description = "Its users' requests are refused (403) from the next request, on every instance. Its data "
                    + "stays. Again: no change.")
    @ApiResponse(responseCode = "200", description = "The tenant, disabled.")
    @PostMapping("/{tenantId}/disable")
    public TenantResponse disable(@PathVariable String tenantId, UriComponentsBuilder uri) {
        return change(tenantId, new DisableTenant(callers.tenantIdOf(tenantId)), uri);
    }

    @Operation(summary = "Enable a tenant", description = "Its users may act again. Again: no change.")
    @ApiResponse(responseCode = "200", description = "The tenant, enabled.")
    @PostMapping("/{tenantId}/enable")
    public TenantResponse enable(@PathVariable String tenantId, UriComponentsBuilder uri) {
        return change(tenantId, new EnableTenant(callers.tenantIdOf(tenantId)), uri);
    }

    private TenantResponse change(String tenantId, Object command, UriComponentsBuilder uri) {
        find(tenantId);
        String id = callers.tenantIdOf(tenantId);
        writes.sendAndAwaitReadModels(command, id, uri.path("/admin/tenants/{tenantId}").build(tenantId));
        return TenantResponse.of(find(tenantId));
    }

    private static void requireExternalId(String tenantId) {
        if (!EXTERNAL_ID.matcher(tenantId).matches()) {
            throw new InvalidRequestException("tenantId",
                    "must be 1 to 200 of letters, digits and . _ ~ : @ + - (the tokens' tenant claim)");
        }
    }

    private TenantView find(String tenantId) {
        return queries.one(new FindTenant(callers.tenantIdOf(tenantId)), TenantView.class,
                "Tenant '" + tenantId + "' is not registered.");
    }
}
