package io.traceloom.api.tradeitemtag;

import io.traceloom.api.http.NotWhiteSpace;
import io.traceloom.api.http.SingleLine;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/** The limits are the README's ("Limits"): change both together. */
public record CreateTradeItemTagRequest(
        @NotBlank @NotWhiteSpace @Size(max = 100, message = "must be at most {max} characters") @SingleLine
        @Pattern(regexp = "(?U)\\S(.*\\S)?", message = "must not begin or end with white space")
        String code,
        @NotBlank @NotWhiteSpace @Size(max = 200, message = "must be at most {max} characters") @SingleLine
        String name,
        @Size(max = 2000, message = "must be at most {max} characters") String description) {
}
