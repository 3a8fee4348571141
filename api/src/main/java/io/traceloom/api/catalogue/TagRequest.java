package io.traceloom.api.catalogue;

import io.swagger.v3.oas.annotations.media.Schema;
import io.traceloom.api.guard.Identifier;
import io.traceloom.api.guard.NotWhiteSpace;
import io.traceloom.api.guard.SingleLine;
import io.traceloom.kernel.catalogue.TagInput;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * A tag of a catalogue as a client sends it: to create one, or as an element of a set. The limits are
 * docs/limits.md's: change both together.
 */
@Schema(name = "TagInput", description = "A tag as sent: its code (unique in the catalogue), name and description.")
public record TagRequest(
        @NotBlank @NotWhiteSpace @Size(max = 100, message = "must be at most {max} characters") @Identifier
        @Pattern(regexp = "(?U)\\S(.*\\S)?", message = "must not begin or end with white space")
        String code,
        @NotBlank @NotWhiteSpace @Size(max = 200, message = "must be at most {max} characters") @SingleLine
        String name,
        @Size(max = 2000, message = "must be at most {max} characters") String description) {

    /** The most tags one set may hold. */
    public static final int MAX_SET_SIZE = 10_000;

    public TagInput toInput() {
        return new TagInput(code, name, description);
    }
}
