package io.traceloom.command.schema;

import io.traceloom.kernel.schema.SchemaValidation;
import io.traceloom.kernel.schema.ValidateAgainstSchema;
import java.util.Optional;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.stereotype.Component;

/**
 * Checks a document against a stored schema for anyone who asks ({@code POST /schemas/{id}/validate}). A
 * query, not a command: it changes nothing. It is answered here, on the command side, from the schema's
 * event-sourced state, because that is where schemas are compiled and cached, and what canvas templates and
 * credentials validate with: one validation, whoever asks.
 */
@Component
public class SchemaValidations {

    private final StoredSchemas stored;

    public SchemaValidations(StoredSchemas stored) {
        this.stored = stored;
    }

    @QueryHandler
    public Optional<SchemaValidation> handle(ValidateAgainstSchema query) {
        return stored.validate(query.tenantId(), query.schemaId(), query.document());
    }
}
