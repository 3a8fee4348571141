package io.traceloom.api.credential;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** The answer of verify: the checks that passed, warnings, and errors, each naming its check. */
@Schema(name = "VerificationResult")
public record VerificationResult(
        @Schema(description = "The checks that passed: `jsonld`, `proof`, `proofPurpose`, `issuer`, `expiration`, "
                + "`status`.", example = "[\"jsonld\",\"proof\",\"proofPurpose\",\"issuer\",\"expiration\",\"status\"]")
        List<String> checks,
        @Schema(description = "What was not checked, and why (e.g. another service's status list).")
        List<String> warnings,
        @Schema(description = "Each failed check, as `check: what failed`; empty when the credential verifies.")
        List<String> errors) {
}
