package io.traceloom.api.canvas;

import com.fasterxml.jackson.annotation.JsonRawValue;
import io.swagger.v3.oas.annotations.media.Schema;
import io.traceloom.kernel.canvas.CanvasTemplateInstanceView;
import java.time.Instant;

/** A recorded render: what the issue shows, and which version of the template, rendered by whom. */
@Schema(name = "CanvasTemplateInstance", requiredProperties = {"id", "templateId", "templateVersion", "variables",
        "renderedOutput", "renderedBy", "createdAt", "updatedAt"})
public record CanvasTemplateInstanceResponse(String id, String templateId,
                                             @Schema(description = "The template's version (its `ETag` then) the "
                                                     + "render used.") long templateVersion,
                                             @JsonRawValue @Schema(types = "object",
                                                     description = "The variables as rendered.") String variables,
                                             String renderedOutput,
                                             @Schema(description = "The id of the user who rendered it.") String renderedBy,
                                             Instant createdAt,
                                             @Schema(description = "A render never changes: its `createdAt`.")
                                             Instant updatedAt) {

    static CanvasTemplateInstanceResponse of(CanvasTemplateInstanceView instance) {
        return new CanvasTemplateInstanceResponse(instance.id(), instance.templateId(), instance.templateVersion(),
                instance.variables(), instance.renderedOutput(), instance.renderedBy(), instance.createdAt(),
                instance.createdAt());
    }
}
