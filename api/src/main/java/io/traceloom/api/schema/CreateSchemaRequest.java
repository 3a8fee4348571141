package io.traceloom.api.schema;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.swagger.v3.oas.annotations.media.Schema;
import io.traceloom.api.guard.AnyJsonText;
import io.traceloom.api.guard.NotWhiteSpace;
import io.traceloom.api.guard.SingleLine;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/** The limits are docs/limits.md's: change both together. */
@Schema(name = "NewSchema")
public record CreateSchemaRequest(
        @NotBlank @NotWhiteSpace @Size(max = 200, message = "must be at most {max} characters") @SingleLine String name,
        @NotNull @Schema(description = "A JSON Schema: 2020-12 unless its `$schema` names 2019-09 or draft-07.",
                types = "object") @AnyJsonText ObjectNode schema) {
}
