package io.traceloom.api.credential;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.traceloom.api.caller.Caller;
import io.traceloom.api.guard.HeavyRequest;
import io.traceloom.api.messaging.Queries;
import io.traceloom.api.messaging.Writes;
import io.traceloom.api.problem.InvalidRequestException;
import io.traceloom.kernel.credential.CredentialView;
import io.traceloom.kernel.credential.FindCredential;
import io.traceloom.kernel.credential.IssueCredential;
import io.traceloom.kernel.credential.ProofOptions;
import io.traceloom.kernel.message.ResourceIds;
import java.net.URI;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * The W3C CCG VC-API's issuer and verifier, beside the spec's endpoints: the services people issue and
 * verify with (and the W3C test suites) speak it. Issuing is the same command, and the same event, as the
 * spec's issue endpoint.
 */
@RestController
@Tag(name = "VC-API", description = "The W3C CCG Verifiable Credentials API: issue a credential the client "
        + "composed, verify one from anyone.")
@RequestMapping(path = "/vc-api/credentials", produces = MediaType.APPLICATION_JSON_VALUE)
public class VcApiController {

    private static final String STATUS_ENTRY = "BitstringStatusListEntry";

    private final Writes writes;
    private final Queries queries;
    private final CredentialVerifications verifications;
    private final ObjectMapper json;

    public VcApiController(Writes writes, Queries queries, CredentialVerifications verifications, ObjectMapper json) {
        this.writes = writes;
        this.queries = queries;
        this.verifications = verifications;
        this.json = json;
    }

    @Operation(summary = "Issue a credential (VC-API)",
            description = "`{credential, options}`: the client's credential, VC 1.1 or 2.0, its `issuer` the caller's "
                    + "`did:key` (`GET /credentials/issuer`), signed with an `eddsa-rdfc-2022` proof. Options: "
                    + "`created`, `challenge`, `domain`, `proofPurpose`, `previousProof`, `credentialStatus` "
                    + "(`{\"type\": \"BitstringStatusListEntry\"}`: an entry in the tenant's revocation list, which "
                    + "a credential gets otherwise only by the service's default); any other is 400. A "
                    + "credential that is signed already gets one more proof, once its own proofs verify.")
    @ApiResponse(responseCode = "201", description = "Issued.",
            content = @Content(schema = @Schema(implementation = CredentialShapes.VcApiIssued.class)))
    @HeavyRequest
    @PostMapping(path = "/issue", consumes = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<Map<String, JsonNode>> issue(Caller caller, @RequestBody VcApiIssueRequest body,
                                                       UriComponentsBuilder uri) throws JsonProcessingException {
        if (body.credential() == null) {
            throw new InvalidRequestException("credential", "is required: the credential to sign, a JSON object");
        }
        String id = ResourceIds.next();
        URI location = uri.path("/credentials/{id}").build(id);
        writes.sendAndAwaitReadModels(new IssueCredential(caller.tenantId(), id,
                json.writeValueAsString(body.credential()), true, proofOptions(body.options()), null,
                statusAskedFor(body.options())), id, location);
        CredentialView issued = queries.one(new FindCredential(caller.tenantId(), id), CredentialView.class,
                "Credential '" + id + "' does not exist.");
        return ResponseEntity.status(HttpStatus.CREATED)
                .location(location)
                .body(Map.of("verifiableCredential", json.readTree(issued.credential())));
    }

    @Operation(summary = "Verify a credential (VC-API)",
            description = "The same as `POST /credentials/verify`: 200 `{checks, warnings, errors}` when it verifies, "
                    + "400 with the same body when it does not. Options: `expectedProofPurpose`, `challenge`, "
                    + "`domain`; any other is 400.")
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

    private static ProofOptions proofOptions(VcApiIssueRequest.Options options) {
        if (options == null) {
            return ProofOptions.defaults();
        }
        return new ProofOptions(options.created(), options.challenge(), options.domain(), options.proofPurpose(),
                previousProof(options.previousProof()));
    }

    /**
     * Whether the request asks for a status entry ({@code true}), or leaves it to the service's default
     * ({@code null}). The only status this service keeps is its tenants' Bitstring Status Lists of revocations.
     */
    static Boolean statusAskedFor(VcApiIssueRequest.Options options) {
        JsonNode status = options == null ? null : options.credentialStatus();
        if (status == null || status.isNull()) {
            return null;
        }
        if (!status.isObject()) {
            throw new InvalidRequestException("options.credentialStatus", "must be an object: {\"type\": \""
                    + STATUS_ENTRY + "\"}");
        }
        for (Iterator<String> names = status.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!name.equals("type") && !name.equals("statusPurpose")) {
                throw new InvalidRequestException("options.credentialStatus." + name, "is not an option of a "
                        + "status entry here: only type and statusPurpose are");
            }
        }
        JsonNode type = status.get("type");
        if (type == null || !type.isTextual() || !type.asText().equals(STATUS_ENTRY)) {
            throw new InvalidRequestException("options.credentialStatus.type", "must be " + STATUS_ENTRY
                    + ": the status lists of this service are W3C Bitstring Status Lists (no StatusList2021)");
        }
        JsonNode purpose = status.get("statusPurpose");
        if (purpose != null && !(purpose.isTextual() && purpose.asText().equals("revocation"))) {
            throw new InvalidRequestException("options.credentialStatus.statusPurpose", "must be revocation, the "
                    + "one purpose of this service's status lists");
        }
        return true;
    }

    private static List<String> previousProof(JsonNode previous) {
        if (previous == null || previous.isNull()) {
            return null;
        }
        List<String> ids = new ArrayList<>();
        if (previous.isTextual()) {
            ids.add(previous.asText());
        } else if (previous.isArray() && !previous.isEmpty()) {
            for (JsonNode id : previous) {
                if (!id.isTextual()) {
                    ids.clear();
                    break;
                }
                ids.add(id.asText());
            }
        }
        if (ids.isEmpty() || ids.stream().anyMatch(String::isBlank)) {
            throw new InvalidRequestException("options.previousProof", "must be a proof id, or an array of them");
        }
        return ids;
    }
}
