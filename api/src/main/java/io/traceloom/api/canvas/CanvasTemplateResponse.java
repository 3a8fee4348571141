package io.traceloom.api.canvas;

import com.fasterxml.jackson.annotation.JsonRawValue;
import io.swagger.v3.oas.annotations.media.Schema;
import io.traceloom.kernel.canvas.CanvasTemplateView;
import java.time.Instant;
import org.springframework.lang.Nullable;

/** A CanvasTemplate as SPEC.md shows it, and the stored schema it uses, if it uses one. */
@Schema(name = "CanvasTemplate", requiredProperties = {"id", "name", "template", "schema", "schemaId", "createdAt",
        "updatedAt"})
public record CanvasTemplateResponse(String id, String name, String template,
                                     @JsonRawValue @Schema(types = "object", description =
                                             "The JSON Schema the variables must satisfy; with `schemaId`, "
                                                     + "`{\"$ref\": \"<public base URL>/schemas/{schemaId}\"}`.")
                                     String schema,
                                     @Nullable @Schema(description = "The stored schema the template uses, or `null`.")
                                     String schemaId,
                                     Instant createdAt, Instant updatedAt) {

    static CanvasTemplateResponse of(CanvasTemplateView template, String publicBaseUrl) {
        String schema = template.schemaId() == null ? template.schema()
                : "{\"$ref\":\"" + publicBaseUrl.replaceAll("/+$", "") + "/schemas/" + template.schemaId() + "\"}";
        return new CanvasTemplateResponse(template.id(), template.name(), template.template(), schema,
                template.schemaId(), template.createdAt(), template.updatedAt());
    }
}
