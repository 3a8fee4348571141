package io.traceloom.api.credential;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.List;

/**
 * All optional; {@code {}} issues a credential about the caller.
 *
 * @param type              a type or an array of types ({@code VerifiableCredential} is always first)
 * @param credentialSubject what the credential says, about whom ({@code id})
 * @param expirationDate    default: issuance plus {@code traceloom.credentials.validity}
 * @param context           further JSON-LD contexts, from the bundled set only
 */
public record IssueCredentialRequest(JsonNode type, ObjectNode credentialSubject, Instant expirationDate,
                                     @JsonProperty("@context") List<String> context) {
}
