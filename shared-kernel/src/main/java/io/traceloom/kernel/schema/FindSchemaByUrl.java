package io.traceloom.kernel.schema;

/**
 * A stored schema as its URL ({@code <public base URL>/schemas/{id}}) names it, whoever asks: a schema is
 * public by its URL, since credentials and other parties' schemas name it there, while its record (name,
 * times) and the list stay its tenant's. A schema id is the whole service's, so it names one schema. Answered
 * with an {@code Optional<SchemaView>}, of which the API shows only the schema itself.
 */
public record FindSchemaByUrl(String schemaId) {
}
