package io.traceloom.api.custody;

import static io.traceloom.api.custody.CustodyLimits.MAX_CONSUMER;
import static io.traceloom.api.custody.CustodyLimits.MAX_CONSUMERS;
import static io.traceloom.api.custody.CustodyLimits.MAX_IDENTIFIER;
import static io.traceloom.api.custody.CustodyLimits.TRIMMED;
import static io.traceloom.api.custody.CustodyLimits.TRIMMED_MESSAGE;

import io.swagger.v3.oas.annotations.media.Schema;
import io.traceloom.api.guard.Identifier;
import io.traceloom.api.guard.NotWhiteSpace;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.List;

public record CreateCustodyCommissionRequest(
        @Schema(description = "Names the commission in its tenant, for good while it exists; consumers name it to "
                + "consume it.")
        @NotBlank @NotWhiteSpace @Size(max = MAX_IDENTIFIER, message = "must be at most {max} characters") @Identifier
        @Pattern(regexp = TRIMMED, message = TRIMMED_MESSAGE)
        String identifier,
        @Schema(description = "Who may consume it: distinct ids, kept in this order.")
        @NotNull @Size(min = 1, max = MAX_CONSUMERS, message = "must hold {min} to {max} consumers")
        List<@NotBlank @NotWhiteSpace @Size(max = MAX_CONSUMER, message = "must be at most {max} characters")
                @Identifier @Pattern(regexp = TRIMMED, message = TRIMMED_MESSAGE) String> registeredConsumers) {
}
