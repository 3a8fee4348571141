package io.traceloom.api.credential;

import com.fasterxml.jackson.databind.JsonNode;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;

/** The VC-API's verify request, also taken by the spec's verify endpoint. */
public record VerifyCredentialRequest(
        @Schema(requiredMode = RequiredMode.REQUIRED, types = "object",
                description = "The credential to check, from anyone: a JSON object with `@context` and `type`.")
        JsonNode verifiableCredential,
        @Schema(description = "What every proof must say; unknown options are refused.")
        VerificationOptions options) {
}
