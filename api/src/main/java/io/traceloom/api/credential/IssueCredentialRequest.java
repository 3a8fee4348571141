package io.traceloom.api.credential;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.swagger.v3.oas.annotations.media.Schema;
import io.traceloom.api.guard.SingleLine;
import jakarta.validation.constraints.Size;
import java.time.Instant;
import java.util.List;

/**
 * All optional; {@code {}} issues a credential about the caller.
 *
 * @param type              a type or an array of types ({@code VerifiableCredential} is always first)
 * @param credentialSubject what the credential says, about whom ({@code id})
 * @param expirationDate    default: issuance plus {@code traceloom.credentials.validity}
 * @param context           further JSON-LD contexts, from the bundled set only
 * @param schemaId          a stored schema the subject must satisfy; the credential then names it
 */
public record IssueCredentialRequest(
        @Schema(description = "A type or an array of types; `VerifiableCredential` is always first.",
                types = {"string", "array"}, oneOf = {String.class, String[].class},
                example = "TraceabilityCredential")
        JsonNode type,
        @Schema(description = "What the credential says, about whom (`id`). Default: the caller "
                + "(`urn:uuid:<user id>`).")
        ObjectNode credentialSubject,
        @Schema(description = "After issuance. Default: issuance plus `traceloom.credentials.validity`.")
        Instant expirationDate,
        @Schema(description = "Further JSON-LD contexts, from the bundled set only.")
        @JsonProperty("@context") List<String> context,
        @Size(max = 100, message = "must be at most {max} characters") @SingleLine
        @Schema(description = "A stored schema (`PUT /schemas/{id}`) the subject must satisfy; the credential then "
                + "names it in `credentialSchema` (`{id: <its URL>, type: JsonSchema}`), signed with the rest.",
                example = "0f5d2c1e-7a3b-4c9d-8e1f-2a3b4c5d6e7f")
        String schemaId) {
}
