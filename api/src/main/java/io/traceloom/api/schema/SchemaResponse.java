package io.traceloom.api.schema;

import com.fasterxml.jackson.annotation.JsonRawValue;
import io.swagger.v3.oas.annotations.media.Schema;
import io.traceloom.kernel.schema.SchemaView;
import java.time.Instant;

/**
 * A Schema as SPEC.md shows it, with its times and version.
 *
 * @param schema the JSON Schema as stored (JSON text written as it is)
 */
@Schema(name = "Schema", requiredProperties = {"id", "name", "schema", "createdAt", "updatedAt", "version"})
public record SchemaResponse(String id, String name,
                             @JsonRawValue @Schema(types = "object",
                                     description = "The JSON Schema, as stored.") String schema,
                             Instant createdAt, Instant updatedAt,
                             @Schema(description = "The version of the schema's content, as its `ETag` names it.")
                             long version) {

    static SchemaResponse of(SchemaView schema) {
        return new SchemaResponse(schema.id(), schema.name(), schema.schema(), schema.createdAt(), schema.updatedAt(),
                schema.version());
    }
}
