package io.traceloom.api.credential;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.traceloom.api.caller.Caller;
import io.traceloom.api.http.InvalidRequestException;
import io.traceloom.api.messaging.Queries;
import io.traceloom.api.messaging.Writes;
import io.traceloom.kernel.credential.CredentialVerification;
import io.traceloom.kernel.credential.CredentialView;
import io.traceloom.kernel.credential.FindCredential;
import io.traceloom.kernel.credential.IssueCredential;
import io.traceloom.kernel.credential.VerifyCredential;
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
import org.springframework.web.util.UriComponentsBuilder;

@RestController
@RequestMapping(path = "/credentials", produces = MediaType.APPLICATION_JSON_VALUE)
public class CredentialController {

    private final Writes writes;
    private final Queries queries;
    private final ObjectMapper json;

    public CredentialController(Writes writes, Queries queries, ObjectMapper json) {
        this.writes = writes;
        this.queries = queries;
        this.json = json;
    }

    /** Spec endpoint 7: 201 with {@code {credential}}. */
    @PostMapping(path = "/issue", consumes = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<Map<String, JsonNode>> issue(Caller caller, @RequestBody IssueCredentialRequest body,
                                                       UriComponentsBuilder uri) throws JsonProcessingException {
        String id = UUID.randomUUID().toString();
        writes.sendAndAwaitReadModels(new IssueCredential(caller.tenantId(), id, types(body.type()),
                json.writeValueAsString(subject(caller, body.credentialSubject())), body.expirationDate(),
                body.context()));
        return ResponseEntity.status(HttpStatus.CREATED)
                .location(uri.path("/credentials/{id}").build(id))
                .body(Map.of("credential", credential(caller, id)));
    }

    @GetMapping("/{id}")
    public JsonNode get(Caller caller, @PathVariable String id) throws JsonProcessingException {
        return credential(caller, id);
    }

    /**
     * For a credential from anyone: 200 with what was checked and what failed; 400 when the credential is
     * over a limit (too large, too deep, too costly to canonicalize), which the verifier does not check at all.
     */
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

    private JsonNode credential(Caller caller, String id) throws JsonProcessingException {
        CredentialView view = queries.one(new FindCredential(caller.tenantId(), id), CredentialView.class,
                "Credential '" + id + "' does not exist.");
        return json.readTree(view.credential());
    }

    /** Without a subject, the credential is about the caller. */
    private ObjectNode subject(Caller caller, ObjectNode requested) {
        if (requested != null) {
            return requested;
        }
        return json.createObjectNode()
                .put("id", "urn:uuid:" + caller.userId())
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
