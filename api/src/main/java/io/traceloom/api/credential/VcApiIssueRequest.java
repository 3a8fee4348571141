package io.traceloom.api.credential;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import java.time.Instant;

/**
 * The VC-API's issue request: the credential the client composed, and what it asks of the proof.
 *
 * @param credential the unsigned credential (VC 1.1 or 2.0, by its first {@code @context}), or a signed one
 *                   to add a proof to
 */
public record VcApiIssueRequest(
        @Schema(requiredMode = RequiredMode.REQUIRED, description = "The credential to sign: VC 1.1 or 2.0 by its "
                + "first `@context`, its `issuer` the caller's (`GET /credentials/issuer`). The service adds an `id` "
                + "if none, a VC 1.1 `issuanceDate` if none, a `credentialStatus` when `options.credentialStatus` "
                + "asks for one (or by the service's default, "
                + "`traceloom.credentials.vc-api-status-by-default`), and the proof. A credential that "
                + "is signed already gets one more proof (a proof set; a chain with `options.previousProof`).")
        ObjectNode credential,
        @Schema(description = "What the proof says; unknown options are refused.")
        Options options) {

    /**
     * @param previousProof    the id of a proof of the credential, or an array of them, that the new proof
     *                         follows (a proof chain)
     * @param credentialStatus the status entry asked for (the VC-API's option): its {@code type} and
     *                         {@code statusPurpose}
     */
    public record Options(
            @Schema(description = "When the proof was made. Default: now.") Instant created,
            @Schema(description = "A challenge the proof carries.") String challenge,
            @Schema(description = "A domain the proof carries.") String domain,
            @Schema(description = "Default `assertionMethod`; also `authentication`, `capabilityInvocation`, "
                    + "`capabilityDelegation`.") String proofPurpose,
            @Schema(description = "The id of a proof of the credential, or an array of ids, that the new proof "
                    + "follows (a proof chain).", types = {"string", "array"}) JsonNode previousProof,
            @Schema(description = "Asks for an entry in the tenant's status list: `{\"type\": "
                    + "\"BitstringStatusListEntry\", \"statusPurpose\": \"revocation\"}` (`statusPurpose` may be "
                    + "left out). Without it the credential gets one only when the service's default says so.",
                    types = "object") JsonNode credentialStatus) {
    }
}
