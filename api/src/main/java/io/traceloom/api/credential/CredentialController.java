package io.traceloom.api.credential;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.traceloom.api.caller.Caller;
import io.traceloom.api.history.HistoryEventResponse;
import io.traceloom.api.history.ResourceHistories;
import io.traceloom.api.http.AsOf;
import io.traceloom.api.http.InvalidRequestException;
import io.traceloom.api.http.PageParams;
import io.traceloom.api.http.Versions;
import io.traceloom.api.messaging.Queries;
import io.traceloom.api.messaging.Writes;
import io.traceloom.api.openapi.Versioned;
import io.traceloom.kernel.credential.CredentialVerification;
import io.traceloom.kernel.credential.CredentialView;
import io.traceloom.kernel.credential.FindCredential;
import io.traceloom.kernel.credential.IssueCredential;
import io.traceloom.kernel.credential.VerifyCredential;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.http.HttpStatus;
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
@Tag(name = "Credentials", description = "W3C verifiable credentials (VC 1.1) signed by the tenant's `did:key` "
        + "with an `eddsa-rdfc-2022` Data Integrity proof, and their verification.")
@RequestMapping(path = "/credentials", produces = MediaType.APPLICATION_JSON_VALUE)
public class CredentialController {

    private static final String URN_UUID = "urn:uuid:";

    /** An issued credential never changes: its entity tag is its first and only version. */
    private static final long ISSUED = 0;

    private final Writes writes;
    private final Queries queries;
    private final ObjectMapper json;
    private final ResourceHistories histories;

    public CredentialController(Writes writes, Queries queries, ObjectMapper json, ResourceHistories histories) {
        this.writes = writes;
        this.queries = queries;
        this.json = json;
        this.histories = histories;
    }

    /** Spec endpoint 7: 201 with {@code {credential}}. */
    @Operation(summary = "Issue a credential",
            description = "All fields are optional: `{}` issues a credential about the caller. `credentialSubject` "
                    + "properties are signed as sent. A context that is not bundled, an expiry not after issuance, "
                    + "or data JSON-LD would drop unsigned (undefined terms, relative IRIs) is 400.")
    @ApiResponse(responseCode = "201", description = "Issued.",
            content = @Content(schema = @Schema(implementation = CredentialShapes.IssuedCredential.class)))
    @PostMapping(path = "/issue", consumes = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<Map<String, JsonNode>> issue(Caller caller, @RequestBody IssueCredentialRequest body,
                                                       UriComponentsBuilder uri) throws JsonProcessingException {
        String id = UUID.randomUUID().toString();
        URI location = uri.path("/credentials/{id}").build(id);
        writes.sendAndAwaitReadModels(new IssueCredential(caller.tenantId(), id, types(body.type()),
                json.writeValueAsString(subject(caller, body.credentialSubject())), body.expirationDate(),
                body.context(), body.schemaId()), id, location);
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
            + "`urn:uuid:` id.")
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

    /** The id of a credential, given as its own {@code urn:uuid:} id or not. */
    private static String bare(String id) {
        return id.regionMatches(true, 0, URN_UUID, 0, URN_UUID.length()) ? id.substring(URN_UUID.length()) : id;
    }

    /**
     * For a credential from anyone: 200 with what was checked and what failed; 400 when the credential is
     * over a limit (too large, too deep, too costly to canonicalize), which the verifier does not check at all.
     */
    @Operation(summary = "Verify a credential",
            description = "For a credential from anyone: `eddsa-rdfc-2022` and `Ed25519Signature2020` proofs, "
                    + "`did:key` issuers resolved locally, issuer = key controller, proof purpose, validity period "
                    + "and nothing unsigned. A credential that fails a check is still 200, its `errors` naming each "
                    + "failed check; a body that is not a credential, or a credential over a limit, is 400.")
    @ApiResponse(responseCode = "200", description = "What was checked, and what failed.")
    @PostMapping(path = "/verify", consumes = MediaType.APPLICATION_JSON_VALUE)
    public VerificationResult verify(Caller caller, @RequestBody VerifyCredentialRequest body)
            throws JsonProcessingException {
        JsonNode credential = body.verifiableCredential();
        if (credential == null || !credential.isObject() || !credential.has("@context") || !credential.has("type")) {
            throw new InvalidRequestException("verifiableCredential",
                    "must be a credential: a JSON object with @context and type");
        }
        CredentialVerification verification = queries.get(
                new VerifyCredential(caller.tenantId(), json.writeValueAsString(credential)),
                CredentialVerification.class);
        if (verification.refusal() != null) {
            throw new InvalidRequestException(verification.refusal().field(), verification.refusal().message());
        }
        return new VerificationResult(verification.checks(), verification.warnings(), verification.errors());
    }

    /** The answer of verify: the checks that passed, warnings, and errors, each naming its check. */
    public record VerificationResult(List<String> checks, List<String> warnings, List<String> errors) {
    }

    private JsonNode credential(Caller caller, String id, String asGiven, AsOf asOf) throws JsonProcessingException {
        CredentialView view = queries.one(new FindCredential(caller.tenantId(), id, asOf.instant()), CredentialView.class,
                "Credential '" + asGiven + "'" + asOf.notFound());
        return json.readTree(view.credential());
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
