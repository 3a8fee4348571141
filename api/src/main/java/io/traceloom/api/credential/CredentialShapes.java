package io.traceloom.api.credential;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The shapes of credentials, for the API document only: the controller passes a credential on as the JSON
 * that was signed, so nothing in its types says what that JSON holds.
 */
final class CredentialShapes {

    private CredentialShapes() {
    }

    @Schema(name = "IssuedCredential", description = "The answer to issuing: the credential, as signed.")
    record IssuedCredential(@Schema(requiredMode = RequiredMode.REQUIRED) VerifiableCredential credential) {
    }

    @Schema(name = "VerifiableCredential",
            description = "A W3C Verifiable Credential (data model 1.1) with an embedded Data Integrity proof.")
    record VerifiableCredential(
            @JsonProperty("@context")
            @Schema(requiredMode = RequiredMode.REQUIRED, description = "The W3C credentials context first, then "
                    + "the Data Integrity context, this service's context and any requested ones.")
            List<String> context,
            @Schema(requiredMode = RequiredMode.REQUIRED, example = "urn:uuid:3f1c2a9e-3d4b-4c8a-9e2f-1a7b5c3d9e01")
            String id,
            @Schema(requiredMode = RequiredMode.REQUIRED, description = "`VerifiableCredential` first.")
            List<String> type,
            @Schema(requiredMode = RequiredMode.REQUIRED, description = "The tenant's `did:key`.")
            String issuer,
            @Schema(requiredMode = RequiredMode.REQUIRED)
            Instant issuanceDate,
            @Schema(requiredMode = RequiredMode.REQUIRED)
            Instant expirationDate,
            @Schema(requiredMode = RequiredMode.REQUIRED, description = "What the credential says, about whom "
                    + "(`id`); free-form properties are defined by this service's context.")
            Map<String, Object> credentialSubject,
            @Schema(requiredMode = RequiredMode.REQUIRED, description = "A `DataIntegrityProof` "
                    + "(`eddsa-rdfc-2022`, `assertionMethod`).")
            Map<String, Object> proof) {
    }
}
