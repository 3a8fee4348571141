package io.traceloom.api.tradeitem;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/** @param tradeItemTag the code of a live trade item tag, or absent for an untagged item */
public record CreateTradeItemRequest(@NotBlank @Size(max = 200) String name,
                                     @Size(min = 1, max = 100) String tradeItemTag) {
}
