package io.traceloom.kernel.schema;

import java.time.Instant;

/**
 * @param schema  the JSON Schema as JSON object text, exactly as stored
 * @param version the version of the schema's content (what {@code If-Match} names); uses of the schema
 *                do not change it
 */
public record SchemaView(String id, String name, String schema, Instant createdAt, Instant updatedAt,
                         long version) {
}
