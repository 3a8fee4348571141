package io.traceloom.api.tradeitem;

import io.traceloom.api.guard.Identifier;
import io.traceloom.api.guard.NotWhiteSpace;
import io.traceloom.api.guard.SingleLine;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/**
 * The limits are docs/limits.md's: change both together.
 *
 * @param tradeItemTag the code of a live trade item tag, or absent for an untagged item
 */
public record CreateTradeItemRequest(
        @NotBlank @NotWhiteSpace @Size(max = 200, message = "must be at most {max} characters") @SingleLine
        String name,
        @NotWhiteSpace(message = "must not be blank when given")
        @Size(max = 100, message = "must be at most {max} characters") @Identifier String tradeItemTag) {
}
