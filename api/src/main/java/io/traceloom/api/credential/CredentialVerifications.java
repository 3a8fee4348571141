package io.traceloom.api.credential;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.traceloom.api.caller.Caller;
import io.traceloom.api.messaging.Queries;
import io.traceloom.api.problem.InvalidRequestException;
import io.traceloom.kernel.credential.CredentialStatusView;
import io.traceloom.kernel.credential.CredentialVerification.StatusReference;
import io.traceloom.kernel.credential.CredentialVerification;
import io.traceloom.kernel.credential.FindCredentialStatus;
import io.traceloom.kernel.credential.VerifyCredential;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;

/**
 * Verification as both verify endpoints answer it: the credential's cryptography and data model (the command
 * side's verifier), then the status entries naming this service's lists, read from the status list read
 * model. 200 when everything verifies, 400 with the same body when something does not: a VC-API client
 * reads the status.
 */
@Component
class CredentialVerifications {

    private final Queries queries;
    private final ObjectMapper json;

    CredentialVerifications(Queries queries, ObjectMapper json) {
        this.queries = queries;
        this.json = json;
    }

    ResponseEntity<VerificationResult> verify(Caller caller, VerifyCredentialRequest body)
            throws JsonProcessingException {
        JsonNode credential = body.verifiableCredential();
        if (credential == null || !credential.isObject() || !credential.has("@context") || !credential.has("type")) {
            throw new InvalidRequestException("verifiableCredential",
                    "must be a credential: a JSON object with @context and type");
        }
        VerificationOptions options = body.options() == null ? new VerificationOptions(null, null, null)
                : body.options();
        CredentialVerification verification = queries.get(new VerifyCredential(caller.tenantId(),
                        json.writeValueAsString(credential), options.expectedProofPurpose(), options.challenge(),
                        options.domain()),
                CredentialVerification.class);
        if (verification.refusal() != null) {
            throw new InvalidRequestException(verification.refusal().field(), verification.refusal().message());
        }
        verification = withStatus(verification);
        VerificationResult result = new VerificationResult(verification.checks(), verification.warnings(),
                verification.errors());
        return ResponseEntity.status(verification.verified() ? HttpStatus.OK : HttpStatus.BAD_REQUEST).body(result);
    }

    /** The verification with the status entries that name this service's lists checked. */
    private CredentialVerification withStatus(CredentialVerification verification) {
        if (verification.statuses().isEmpty()) {
            return verification;
        }
        List<String> errors = new ArrayList<>();
        for (StatusReference reference : verification.statuses()) {
            Optional<CredentialStatusView> status = queries.find(
                    new FindCredentialStatus(reference.listId(), reference.index()), CredentialStatusView.class);
            if (status.isEmpty()) {
                errors.add("status: this service has no status list " + reference.listId());
            } else if (!status.get().issuer().equals(reference.issuer())) {
                errors.add("status: the status list " + reference.listId() + " is not the credential issuer's");
            } else if (!status.get().purpose().equals(reference.purpose())) {
                errors.add("status: the entry's statusPurpose (" + excerpt(reference.purpose())
                        + ") is not its list's (" + status.get().purpose() + ")");
            } else if (reference.index() >= status.get().length()) {
                errors.add("status: statusListIndex " + reference.index() + " is beyond its list's "
                        + status.get().length() + " entries");
            } else if (status.get().set()) {
                errors.add("status: the credential is " + ("revocation".equals(reference.purpose()) ? "revoked"
                        : "marked for " + reference.purpose()));
            }
        }
        return verification.withStatus(errors.isEmpty() ? List.of("status") : List.of(), errors);
    }

    private static String excerpt(String text) {
        return text.length() <= 64 ? text : text.substring(0, 64) + "…";
    }
}
