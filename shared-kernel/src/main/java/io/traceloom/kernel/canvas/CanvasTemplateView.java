package io.traceloom.kernel.canvas;

import java.time.Instant;

/**
 * @param schema   the JSON Schema kept with the template (JSON object text), or {@code null} when
 *                 {@code schemaId} names a stored one
 * @param schemaId the stored schema the variables must satisfy, or {@code null}
 * @param version  the template's version
 */
public record CanvasTemplateView(String id, String name, String template, String schema, String schemaId,
                                 Instant createdAt, Instant updatedAt, long version) {
}
