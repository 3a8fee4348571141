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
            description = "A W3C Verifiable Credential (data model 1.1; with the VC 2.0 context, 2.0: `validFrom` "
                    + "and `validUntil` instead of `issuanceDate` and `expirationDate`) with an embedded Data Integrity "
                    + "proof.")
    record VerifiableCredential(
            @JsonProperty("@context")
            @Schema(requiredMode = RequiredMode.REQUIRED, description = "The W3C credentials context first (v1 "
                    + "or v2); for VC 1.1 the Data Integrity and Bitstring Status List contexts; this service's "
                    + "context; any requested ones.")
            List<String> context,
            @Schema(requiredMode = RequiredMode.REQUIRED, example = "urn:uuid:3f1c2a9e-3d4b-4c8a-9e2f-1a7b5c3d9e01")
            String id,
            @Schema(requiredMode = RequiredMode.REQUIRED, description = "`VerifiableCredential` first.")
            List<String> type,
            @Schema(requiredMode = RequiredMode.REQUIRED, types = {"string", "object"}, description = "The tenant's "
                    + "`did:key`, or an object with it as `id` (and a `name`, say) when the credential was composed so.")
            Object issuer,
            @Schema(description = "VC 1.1.")
            Instant issuanceDate,
            @Schema(description = "VC 1.1.")
            Instant expirationDate,
            @Schema(description = "VC 2.0.")
            Instant validFrom,
            @Schema(description = "VC 2.0.")
            Instant validUntil,
            @Schema(requiredMode = RequiredMode.REQUIRED, description = "What the credential says, about whom "
                    + "(`id`); free-form properties are defined by this service's context.")
            Map<String, Object> credentialSubject,
            @Schema(description = "Its entry in the tenant's revocation status list: a `BitstringStatusListEntry`.")
            Map<String, Object> credentialStatus,
            @Schema(requiredMode = RequiredMode.REQUIRED, types = {"object", "array"}, description = "A "
                    + "`DataIntegrityProof` (`eddsa-rdfc-2022`, `assertionMethod`), or an array of proofs (a set, a "
                    + "chain).")
            Object proof) {
    }

    @Schema(name = "Issuer", description = "The tenant's issuer.")
    record Issuer(
            @Schema(requiredMode = RequiredMode.REQUIRED, description = "Its `did:key`.",
                    example = "did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK")
            String id,
            @Schema(requiredMode = RequiredMode.REQUIRED, description = "Its one key, `did:key:z…#z…`.")
            String verificationMethod,
            @Schema(requiredMode = RequiredMode.REQUIRED, description = "The DID document the did:key resolves to "
                    + "(a `Multikey` verification method).")
            Map<String, Object> didDocument) {
    }

    @Schema(name = "VcApiIssued", description = "The answer to issuing on the VC-API: the credential, as signed.")
    record VcApiIssued(@Schema(requiredMode = RequiredMode.REQUIRED) VerifiableCredential verifiableCredential) {
    }
}
