package io.traceloom.api.credential;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;

/** @param options accepted for compatibility with the VC HTTP API; none are interpreted yet */
public record VerifyCredentialRequest(
        @Schema(requiredMode = RequiredMode.REQUIRED, types = "object",
                description = "The credential to check, from anyone: a JSON object with `@context` and `type`.")
        JsonNode verifiableCredential,
        @Schema(description = "Accepted for compatibility with the VC HTTP API; none are interpreted yet.")
        ObjectNode options) {
}
