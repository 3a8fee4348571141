package io.traceloom.api.canvas;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.swagger.v3.oas.annotations.media.Schema;
import io.traceloom.api.guard.NotWhiteSpace;
import io.traceloom.api.guard.SingleLine;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.Size;

/**
 * A canvas template as sent (create and replace). The limits are docs/limits.md's: change both
 * together.
 *
 * @param schema   the JSON Schema the variables must satisfy, kept with the template
 * @param schemaId instead of {@code schema}: the id of one of your stored schemas
 */
@Schema(name = "CanvasTemplateInput")
public record CanvasTemplateRequest(
        @NotBlank @NotWhiteSpace @Size(max = 200, message = "must be at most {max} characters") @SingleLine String name,
        @NotEmpty @Size(max = MAX_TEMPLATE, message = "must be at most {max} characters")
        @Schema(description = "A Handlebars template.") String template,
        @Schema(description = "The JSON Schema the variables must satisfy (2020-12 unless its `$schema` names 2019-09 "
                + "or draft-07); or leave it out and give `schemaId`.", types = "object") ObjectNode schema,
        @Size(max = 100, message = "must be at most {max} characters") @SingleLine
        @Schema(description = "Instead of `schema`: the id of one of your stored schemas, which the template then uses.")
        String schemaId) {

    /** 64 KiB of characters: templates are documents, not data. */
    static final int MAX_TEMPLATE = 65_536;
}
