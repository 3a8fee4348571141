package io.traceloom.api.schema;

import io.swagger.v3.oas.annotations.media.Schema;
import io.traceloom.kernel.message.Violation;
import java.util.List;

/** The answer of {@code POST /schemas/{id}/validate}: JSON Schema's "basic" output, in short. */
@Schema(name = "Validation", requiredProperties = {"valid", "errors"})
public record ValidationResponse(boolean valid,
                                 @Schema(description = "Every rule the document breaks, in the order found; empty "
                                         + "when it is valid.") List<Error> errors) {

    @Schema(name = "ValidationError", requiredProperties = {"instanceLocation", "keywordLocation", "message"})
    record Error(@Schema(description = "Where in the document, as a JSON pointer (`\"\"` is the whole document).")
                 String instanceLocation,
                 @Schema(description = "Which rule: the JSON pointer of the keyword in the schema, along the path "
                         + "the evaluation took.") String keywordLocation,
                 String message) {
    }

    static ValidationResponse of(List<Violation> violations) {
        return new ValidationResponse(violations.isEmpty(), violations.stream()
                .map(v -> new Error(v.instanceLocation(), v.keywordLocation(), v.message())).toList());
    }
}
