package io.traceloom.api.custody;

import static io.traceloom.api.custody.CustodyLimits.MAX_CONSUMER;
import static io.traceloom.api.custody.CustodyLimits.MAX_IDENTIFIER;
import static io.traceloom.api.custody.CustodyLimits.TRIMMED;
import static io.traceloom.api.custody.CustodyLimits.TRIMMED_MESSAGE;

import io.swagger.v3.oas.annotations.media.Schema;
import io.traceloom.api.guard.Identifier;
import io.traceloom.api.guard.NotWhiteSpace;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

public record ConsumeCustodyCommissionRequest(
        @Schema(description = "The identifier of the commission to consume.")
        @NotBlank @NotWhiteSpace @Size(max = MAX_IDENTIFIER, message = "must be at most {max} characters") @Identifier
        @Pattern(regexp = TRIMMED, message = TRIMMED_MESSAGE)
        String identifier,
        @Schema(description = "Who takes custody: one of its registered consumers.")
        @NotBlank @NotWhiteSpace @Size(max = MAX_CONSUMER, message = "must be at most {max} characters") @Identifier
        @Pattern(regexp = TRIMMED, message = TRIMMED_MESSAGE)
        String consumedBy) {
}
