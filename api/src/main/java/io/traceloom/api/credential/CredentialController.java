package io.traceloom.api.credential;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.ArraySchema;
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
import io.traceloom.api.problem.ResourceNotFoundException;
import io.traceloom.command.config.CommandSideProperties;
import io.traceloom.kernel.credential.CredentialPage;
import io.traceloom.kernel.credential.CredentialView;
import io.traceloom.kernel.credential.FindCredential;
import io.traceloom.kernel.credential.FindIssuer;
import io.traceloom.kernel.credential.FindStatusList;
import io.traceloom.kernel.credential.IssueCredential;
import io.traceloom.kernel.credential.IssuerView;
import io.traceloom.kernel.credential.ListCredentials;
import io.traceloom.kernel.credential.ProvideIssuer;
import io.traceloom.kernel.credential.Revocation;
import io.traceloom.kernel.credential.RevokeCredential;
import io.traceloom.kernel.message.ResourceIds;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.util.UriComponentsBuilder;

@RestController
@Tag(name = "Credentials", description = "W3C verifiable credentials (VC 1.1 or 2.0) signed by the tenant's `did:key` "
        + "with an `eddsa-rdfc-2022` Data Integrity proof, each with a revocation entry in a W3C Bitstring Status "
        + "List; their verification.")
@RequestMapping(path = "/credentials", produces = MediaType.APPLICATION_JSON_VALUE)
public class CredentialController {

    private static final String URN_UUID = "urn:uuid:";
    private static final Pattern UUID_TEXT =
            Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

    /** The longest {@code type} / {@code subject} a list is filtered by (docs/limits.md). */
    static final int MAX_TYPE_FILTER = 200;
    static final int MAX_SUBJECT_FILTER = 500;

    /** An issued credential never changes: its entity tag is its first and only version. */
    private static final long ISSUED = 0;

    private final Writes writes;
    private final Queries queries;
    private final CredentialVerifications verifications;
    private final ObjectMapper json;
    private final String statusLists;
    private final ResourceHistories histories;

    public CredentialController(Writes writes, Queries queries, CredentialVerifications verifications,
                                ObjectMapper json, CommandSideProperties properties, ResourceHistories histories) {
        this.writes = writes;
        this.queries = queries;
        this.verifications = verifications;
        this.json = json;
        this.statusLists = properties.publicBaseUrl().replaceAll("/+$", "") + FindStatusList.PATH;
        this.histories = histories;
    }

    /** Spec endpoint 7: 201 with {@code {credential}}. */
    @Operation(summary = "Issue a credential",
            description = "All fields are optional: `{}` issues a credential about the caller. `credentialSubject` "
                    + "properties are signed as sent. A VC 1.1 credential unless `@context` names "
                    + "`https://www.w3.org/ns/credentials/v2` (then `validFrom`/`validUntil`). Every credential gets a "
                    + "`credentialStatus` (revocation, W3C Bitstring Status List). A context that is not bundled, an "
                    + "expiry not after issuance, or data JSON-LD would drop unsigned (undefined terms, relative IRIs) "
                    + "is 400.")
    @ApiResponse(responseCode = "201", description = "Issued.",
            content = @Content(schema = @Schema(implementation = CredentialShapes.IssuedCredential.class)))
    @HeavyRequest
    @PostMapping(path = "/issue", consumes = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<Map<String, JsonNode>> issue(Caller caller, @RequestBody IssueCredentialRequest body,
                                                       UriComponentsBuilder uri) throws JsonProcessingException {
        String id = ResourceIds.next();
        URI location = uri.path("/credentials/{id}").build(id);
        ObjectNode request = json.createObjectNode();
        if (body.context() != null) {
            ArrayNode contexts = request.putArray("@context");
            body.context().forEach(contexts::add);
        }
        ArrayNode types = request.putArray("type");
        types(body.type()).forEach(types::add);
        request.set("credentialSubject", subject(caller, body.credentialSubject()));
        if (body.expirationDate() != null) {
            request.put("expirationDate", body.expirationDate().toString());
        }
        writes.sendAndAwaitReadModels(new IssueCredential(caller.tenantId(), id, json.writeValueAsString(request),
                false, null, body.schemaId()), id, location);
        return ResponseEntity.status(HttpStatus.CREATED)
                .location(location)
                .eTag(Versions.etag(ISSUED))
                .body(Map.of("credential", credential(caller, id, id, new AsOf(null))));
    }

    /**
     * By the id the {@code Location} of its issuance gives, or by the credential's own {@code id}
     * ({@code urn:uuid:...}), with its entity tag.
     */
    @Operation(summary = "Read a credential", description = "The credential as issued, by its id or its own "
            + "`urn:uuid:` id (when the service gave it). Its revocation shows in its status list, not here: the "
            + "credential never changes.")
    @ApiResponse(responseCode = "200", description = "The credential.",
            content = @Content(schema = @Schema(implementation = CredentialShapes.VerifiableCredential.class)))
    @Versioned
    @GetMapping("/{id}")
    public ResponseEntity<JsonNode> get(Caller caller, @PathVariable String id, AsOf asOf, WebRequest request)
            throws JsonProcessingException {
        return Versions.ok(request, Versions.etag(ISSUED), credential(caller, bare(id), id, asOf));
    }

    @Operation(summary = "Read a credential's history", description = ResourceHistories.DESCRIPTION)
    @Versioned
    @GetMapping("/{id}/history")
    public ResponseEntity<List<HistoryEventResponse>> history(Caller caller, @PathVariable String id, PageParams page,
                                                              WebRequest request) {
        return histories.answer("credentials", caller, bare(id), page, request,
                "Credential '" + id + "' does not exist.");
    }

    @Operation(summary = "List issued credentials",
            description = "The tenant's credentials as issued, newest first. Filters: `type` (one of its types), "
                    + "`subject` (a `credentialSubject.id`), `status` (`active`: neither revoked nor expired; "
                    + "`revoked`; `expired`).")
    @ApiResponse(responseCode = "200", description = "One page of credentials.", content = @Content(
            array = @ArraySchema(schema = @Schema(implementation = CredentialShapes.VerifiableCredential.class))))
    @GetMapping
    public ResponseEntity<List<JsonNode>> list(Caller caller, PageParams page,
                                               @Parameter(description = "Only credentials with this type; at most 200 characters.")
                                               @RequestParam(required = false) String type,
                                               @Parameter(description = "Only credentials about this subject "
                                                       + "(`credentialSubject.id`); at most 500 characters.")
                                               @RequestParam(required = false) String subject,
                                               @Parameter(description = "`active`, `revoked` or `expired`.",
                                                       schema = @Schema(allowableValues = {"active", "revoked",
                                                               "expired"}))
                                               @RequestParam(required = false) String status)
            throws JsonProcessingException {
        CredentialPage result = queries.page(new ListCredentials(caller.tenantId(), page.page(), page.limit(),
                filter("type", type, MAX_TYPE_FILTER), filter("subject", subject, MAX_SUBJECT_FILTER), status(status), Instant.now()), CredentialPage.class);
        List<JsonNode> items = new ArrayList<>();
        for (CredentialView view : result.items()) {
            items.add(json.readTree(view.credential()));
        }
        return Paged.response(page, items, result.total());
    }

    /**
     * The caller's issuer: the DID credentials must name as {@code issuer} on the VC-API. Created the first
     * time it is asked for (or a credential is issued), and the same ever after.
     */
    @Operation(summary = "The caller's issuer",
            description = "The tenant's `did:key`, its verification method and its DID document: what VC-API clients "
                    + "name as the `issuer` of the credentials they send. The key is created the first time it is "
                    + "needed, and never changes.")
    @ApiResponse(responseCode = "200", description = "The issuer.",
            content = @Content(schema = @Schema(implementation = CredentialShapes.Issuer.class)))
    @GetMapping("/issuer")
    public ObjectNode issuer(Caller caller, UriComponentsBuilder uri) {
        IssuerView issuer = queries.find(new FindIssuer(caller.tenantId()), IssuerView.class)
                .orElseGet(() -> new IssuerView(writes.<String>sendAndAwaitReadModels(
                        new ProvideIssuer(caller.tenantId()), "issuer", uri.path("/credentials/issuer").build().toUri())));
        ObjectNode answer = json.createObjectNode()
                .put("id", issuer.did())
                .put("verificationMethod", issuer.verificationMethod());
        answer.set("didDocument", didDocument(issuer));
        return answer;
    }

    @Operation(summary = "Revoke a credential",
            description = "Sets the credential's bit in its revocation status list, for good: the status list "
                    + "credential shows it, and verification fails with `status`. 201 the first time; 200, changing "
                    + "nothing, once revoked. A credential without a status entry of its own is 409.")
    @ApiResponse(responseCode = "201", description = "Revoked now.",
            content = @Content(schema = @Schema(implementation = RevocationResponse.class)))
    @ApiResponse(responseCode = "200", description = "Revoked before; nothing changed.",
            content = @Content(schema = @Schema(implementation = RevocationResponse.class)))
    @ApiResponse(responseCode = "409", description = "The credential names no status list entry of its own.")
    @PostMapping("/{id}/revoke")
    public ResponseEntity<RevocationResponse> revoke(Caller caller, @PathVariable String id,
                                                     UriComponentsBuilder uri) {
        String bare = bare(id);
        if (!UUID_TEXT.matcher(bare).matches()) {
            throw new ResourceNotFoundException("Credential '" + id + "' does not exist.");
        }
        Revocation revocation = writes.sendAndAwaitReadModels(new RevokeCredential(caller.tenantId(),
                bare.toLowerCase(Locale.ROOT)), bare, uri.path("/credentials/{id}").build(bare));
        return ResponseEntity.status(revocation.revokedNow() ? HttpStatus.CREATED : HttpStatus.OK)
                .body(new RevocationResponse(revocation.credentialId(), revocation.purpose(),
                        Integer.toString(revocation.index()), statusLists + revocation.listId(),
                        revocation.revokedAt()));
    }

    /** The answer of a revocation. */
    @Schema(name = "Revocation")
    public record RevocationResponse(String credentialId, String statusPurpose, String statusListIndex,
                                     String statusListCredential, Instant revokedAt) {
    }

    /**
     * For a credential from anyone: 200 when it verifies, 400 with the same body when it does not, 400 as a
     * problem when it is not a credential or is over a limit.
     */
    @Operation(summary = "Verify a credential",
            description = "For a credential from anyone: `eddsa-rdfc-2022` and `Ed25519Signature2020` proofs (every "
                    + "proof of a set; a chained proof after the proofs it names), `did:key` issuers resolved locally, "
                    + "issuer = key controller, proof purpose, validity period, nothing unsigned, and the status in "
                    + "this service's status lists. 200 when it verifies; 400 with the same body, each failed check "
                    + "in `errors`, when it does not; a body that is not a credential, or a credential over a limit, "
                    + "is a 400 problem.")
    @ApiResponse(responseCode = "200", description = "It verifies.",
            content = @Content(schema = @Schema(implementation = VerificationResult.class)))
    @ApiResponse(responseCode = "400", description = "It does not verify (`errors` says why), or the body is not a "
            + "credential (a problem).", content = {
                    @Content(mediaType = "application/json", schema = @Schema(implementation = VerificationResult.class)),
                    @Content(mediaType = "application/problem+json")})
    @HeavyRequest
    @PostMapping(path = "/verify", consumes = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<VerificationResult> verify(Caller caller, @RequestBody VerifyCredentialRequest body)
            throws JsonProcessingException {
        return verifications.verify(caller, body);
    }

    private ObjectNode didDocument(IssuerView issuer) {
        ObjectNode document = json.createObjectNode();
        document.putArray("@context").add("https://www.w3.org/ns/did/v1").add("https://w3id.org/security/multikey/v1");
        document.put("id", issuer.did());
        document.putArray("verificationMethod").addObject()
                .put("id", issuer.verificationMethod())
                .put("type", "Multikey")
                .put("controller", issuer.did())
                .put("publicKeyMultibase", issuer.publicKeyMultibase());
        for (String relationship : List.of("authentication", "assertionMethod", "capabilityDelegation",
                "capabilityInvocation")) {
            document.putArray(relationship).add(issuer.verificationMethod());
        }
        return document;
    }

    private JsonNode credential(Caller caller, String id, String asGiven, AsOf asOf) throws JsonProcessingException {
        CredentialView view = queries.view(new FindCredential(caller.tenantId(), id, asOf.instant()), asOf,
                CredentialView.class, "Credential '" + asGiven + "'");
        return json.readTree(view.credential());
    }

    private static String bare(String id) {
        return id.regionMatches(true, 0, URN_UUID, 0, URN_UUID.length()) ? id.substring(URN_UUID.length()) : id;
    }

    /** A filter's value; bounded, since a list's {@code Link} repeats it four times (docs/limits.md). */
    private static String filter(String name, String value, int max) {
        if (value != null && value.isBlank()) {
            throw new InvalidRequestException(name, "must not be empty; leave it out to list all");
        }
        if (value != null && value.length() > max) {
            throw new InvalidRequestException(name, "must be at most " + max + " characters");
        }
        return value;
    }

    private static ListCredentials.Status status(String status) {
        if (status == null) {
            return null;
        }
        return switch (status) {
            case "active" -> ListCredentials.Status.ACTIVE;
            case "revoked" -> ListCredentials.Status.REVOKED;
            case "expired" -> ListCredentials.Status.EXPIRED;
            default -> throw new InvalidRequestException("status", "must be active, revoked or expired");
        };
    }

    /** Without a subject, the credential is about the caller. */
    private ObjectNode subject(Caller caller, ObjectNode requested) {
        if (requested != null) {
            return requested;
        }
        return json.createObjectNode()
                .put("id", URN_UUID + caller.userId())
                .put("tenantId", caller.tenantId());
    }

    private static List<String> types(JsonNode type) {
        List<String> types = new ArrayList<>();
        if (type == null || type.isNull()) {
            return types;
        }
        if (type.isTextual() && !type.asText().isBlank()) {
            types.add(type.asText());
            return types;
        }
        if (type.isArray()) {
            for (JsonNode item : type) {
                if (!item.isTextual() || item.asText().isBlank()) {
                    throw new InvalidRequestException("type", "must be a string or an array of strings");
                }
                types.add(item.asText());
            }
            return types;
        }
        throw new InvalidRequestException("type", "must be a string or an array of strings");
    }
}
