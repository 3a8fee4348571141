package io.traceloom.api.tradeitemtag;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

public record CreateTradeItemTagRequest(
        @NotBlank @Size(max = 100) @Pattern(regexp = "\\S(.*\\S)?", message = "must not begin or end with white space")
        String code,
        @NotBlank @Size(max = 200) String name,
        @Size(max = 2000) String description) {
}
