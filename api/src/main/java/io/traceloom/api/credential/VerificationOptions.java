package io.traceloom.api.credential;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * What a verifier asks of every proof (the VC-API's verify {@code options}); any other option is refused.
 *
 * @param expectedProofPurpose default {@code assertionMethod}
 * @param challenge            when given, every proof must carry it
 * @param domain               when given, every proof must carry it
 */
public record VerificationOptions(
        @Schema(description = "The purpose every proof must have. Default: `assertionMethod`.",
                example = "assertionMethod")
        String expectedProofPurpose,
        @Schema(description = "When given, every proof must carry this challenge.")
        String challenge,
        @Schema(description = "When given, every proof must carry this domain.")
        String domain) {
}
