package io.traceloom.api.tenantuser;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.traceloom.api.caller.Caller;
import io.traceloom.api.caller.CurrentCaller;
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
import io.traceloom.api.problem.Problems;
import io.traceloom.api.problem.ResourceNotFoundException;
import io.traceloom.api.security.RegistersCaller;
import io.traceloom.kernel.tenantuser.DeleteTenantUser;
import io.traceloom.kernel.tenantuser.FindTenantUser;
import io.traceloom.kernel.tenantuser.ListTenantUsers;
import io.traceloom.kernel.tenantuser.RegisterTenantUser;
import io.traceloom.kernel.tenantuser.TenantUserIds;
import io.traceloom.kernel.tenantuser.TenantUserPage;
import io.traceloom.kernel.tenantuser.TenantUserView;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.ErrorResponseException;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.util.UriComponentsBuilder;

@RestController
@Tag(name = "Tenant users", description = "The users of your tenant, as your identity provider names them.")
@RequestMapping(path = "/auth/tenant-users", produces = MediaType.APPLICATION_JSON_VALUE)
public class TenantUserController {

    /** The limits of what an identity brings (docs/limits.md). */
    private static final int MAX_NAME = 200;
    private static final int MAX_EMAIL = 320;

    private final Writes writes;
    private final Queries queries;
    private final CurrentCaller callers;
    private final ResourceHistories histories;

    public TenantUserController(Writes writes, Queries queries, CurrentCaller callers, ResourceHistories histories) {
        this.writes = writes;
        this.queries = queries;
        this.callers = callers;
        this.histories = histories;
    }

    /**
     * Reached whether or not the caller's tenant admits users ({@link RegistersCaller}): the tenant decides, in
     * the command, and an unregistered or disabled one is 404, as SPEC.md says.
     */
    @Operation(summary = "Register yourself as a user of your tenant",
            description = "The body is `{}`: your identity (the token's `sub`, `name`, `email` and tenant claim) says "
                    + "who registers. The first time: 201. Again: 200 with the same record, its name and e-mail "
                    + "address refreshed from the token; a deleted user registers anew (201). 400 when the identity "
                    + "has no name or no e-mail address; 404 when your tenant is not registered or is disabled.")
    @ApiResponse(responseCode = "201", description = "Registered.")
    @ApiResponse(responseCode = "200", description = "Registered already: the record, name and e-mail refreshed.")
    @ApiResponse(responseCode = "404", description = "Your tenant is not registered, or is disabled: an operator "
            + "registers it.")
    @Versioned
    @RegistersCaller
    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<TenantUserResponse> register(Caller caller, @RequestBody CreateTenantUserRequest body,
                                                       UriComponentsBuilder uri) {
        List<FieldProblem> problems = new ArrayList<>();
        check(problems, "name", caller.name(), MAX_NAME);
        check(problems, "email", caller.email(), MAX_EMAIL);
        if (!problems.isEmpty()) {
            throw new InvalidRequestException(problems);
        }
        String id = caller.userId();
        URI location = uri.path("/auth/tenant-users/{id}").build(id);
        Boolean created = writes.sendAndAwaitReadModels(new RegisterTenantUser(caller.tenantId(), id,
                caller.externalTenantId(), caller.subject(), caller.name(), caller.email()), id, location);
        TenantUserView user = find(caller, id);
        return (Boolean.TRUE.equals(created) ? ResponseEntity.created(location) : ResponseEntity.ok())
                .eTag(Versions.etag(user.version())).body(TenantUserResponse.of(user));
    }

    /** An id no user can have (no aggregate is named after it) is a user that does not exist. */
    private static void requireNameable(String id, AsOf asOf) {
        if (!TenantUserIds.couldName(id)) {
            throw new ResourceNotFoundException("Tenant user '" + id + "'" + asOf.notFound());
        }
    }

    /** What the identity brings is not the client's to fix in the body: the problem says where it comes from. */
    private static void check(List<FieldProblem> problems, String claim, String value, int max) {
        if (value == null || value.isBlank()) {
            problems.add(new FieldProblem(claim, "is missing from your identity (the token's claim '" + claim + "')"));
        } else if (value.length() > max) {
            problems.add(new FieldProblem(claim, "must be at most " + max + " characters (the token's claim '"
                    + claim + "')"));
        } else if (value.chars().anyMatch(Character::isISOControl)) {
            problems.add(new FieldProblem(claim, "must be one line (the token's claim '" + claim + "')"));
        }
    }

    @Operation(summary = "Read a user of your tenant")
    @Versioned
    @GetMapping("/{id}")
    public ResponseEntity<TenantUserResponse> get(Caller caller, @PathVariable String id, AsOf asOf,
                                                  WebRequest request) {
        TenantUserView user = find(caller, id, asOf);
        return Versions.ok(request, Versions.etag(user.version()), TenantUserResponse.of(user));
    }

    @Operation(summary = "Read a user's history", description = ResourceHistories.DESCRIPTION)
    @Versioned
    @GetMapping("/{id}/history")
    public ResponseEntity<List<HistoryEventResponse>> history(Caller caller, @PathVariable String id, PageParams page,
                                                              WebRequest request) {
        return histories.answer("tenant-users", caller, id, page, request, "Tenant user '" + id + "' does not exist.");
    }

    @Operation(summary = "List the users of your tenant", description = "Oldest first; deleted users are not listed.")
    @GetMapping
    public ResponseEntity<List<TenantUserResponse>> list(Caller caller, PageParams page) {
        TenantUserPage result = queries.page(new ListTenantUsers(caller.tenantId(), page.page(), page.limit()),
                TenantUserPage.class);
        return Paged.response(page, result.items().stream().map(TenantUserResponse::of).toList(), result.total());
    }

    /**
     * Who may delete whom: a user itself; another user of the tenant, its tenant admin only ({@link
     * Caller#tenantAdmin}). A user of another tenant does not exist (404) for anyone, before that is asked.
     */
    @Operation(summary = "Delete a user of your tenant",
            description = "A user may delete itself; another user of the tenant, only the tenant's admin: in the "
                    + "`oidc` mode a token with the scope `traceloom:tenant-admin` "
                    + "(`traceloom.security.oidc.tenant-admin-scope`), in the `local` mode its one user. The deleted "
                    + "user's requests are refused (403) from then on, until it registers again. Honours `If-Match`.")
    @ApiResponse(responseCode = "204", description = "Deleted.")
    @ApiResponse(responseCode = "403", description = "Another user, and the caller is not its tenant's admin "
            + "(`urn:traceloom:problem:tenant-admin-required`); or, in the `oidc` mode, the caller may not act at all "
            + "(its token names no tenant, its tenant is not registered or is disabled, it is not a registered user).")
    @DeleteMapping("/{id}")
    public ResponseEntity<Void> delete(Caller caller, @PathVariable String id,
                                       @RequestHeader(name = HttpHeaders.IF_MATCH, required = false) String ifMatch,
                                       UriComponentsBuilder uri) {
        TenantUserView user = find(caller, id);
        if (!id.equals(caller.userId()) && !caller.tenantAdmin()) {
            throw new ErrorResponseException(HttpStatus.FORBIDDEN, Problems.of(HttpStatus.FORBIDDEN,
                    "tenant-admin-required", "Only the tenant's admin deletes another user", "A user may delete "
                            + "itself; another user of the tenant only its tenant admin may delete: a token with the "
                            + "scope " + callers.tenantAdminScope() + "."), null);
        }
        Long expectedVersion = ifMatch != null && Versions.requireMatch(ifMatch, Versions.etag(user.version()))
                ? user.version() : null;
        writes.sendAndAwaitReadModels(new DeleteTenantUser(caller.tenantId(), id, expectedVersion), id,
                uri.path("/auth/tenant-users/{id}").build(id));
        return ResponseEntity.noContent().build();
    }

    private TenantUserView find(Caller caller, String id) {
        return find(caller, id, new AsOf(null));
    }

    private TenantUserView find(Caller caller, String id, AsOf asOf) {
        requireNameable(id, asOf);
        return queries.view(new FindTenantUser(caller.tenantId(), id, asOf.instant()), asOf, TenantUserView.class,
                "Tenant user '" + id + "'");
    }
}
