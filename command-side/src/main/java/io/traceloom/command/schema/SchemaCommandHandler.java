package io.traceloom.command.schema;

import io.traceloom.command.rejection.DomainRejectionException;
import io.traceloom.kernel.message.Rejection;
import io.traceloom.kernel.message.Violation;
import io.traceloom.kernel.schema.DeleteSchema;
import io.traceloom.kernel.schema.PutSchema;
import io.traceloom.kernel.schema.SchemaIds;
import java.util.List;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.modelling.command.Aggregate;
import org.axonframework.modelling.command.Repository;
import org.springframework.stereotype.Component;

/**
 * Putting and deleting a schema involve the tenant's other schemas: a schema is checked with the stored
 * schemas its {@code $ref}s reach, and it uses them (so they are not deleted under it) for as long as it
 * refers to them. All of it happens in one unit of work: the schema's change and the uses it starts or ends
 * are committed together, or not at all.
 */
@Component
public class SchemaCommandHandler {

    private final Repository<Schema> schemas;
    private final StoredSchemas stored;

    public SchemaCommandHandler(Repository<Schema> schemas, StoredSchemas stored) {
        this.schemas = schemas;
        this.stored = stored;
    }

    /** @return whether the schema was created */
    @CommandHandler
    public boolean handle(PutSchema command) throws Exception {
        Aggregate<Schema> schema = schemas.loadOrCreate(SchemaIds.aggregateId(command.schemaId()), Schema::new);
        boolean creates = schema.invoke(it -> it.admit(command));
        StoredSchemas.Checked checked = stored.check(command.tenantId(), command.schema(),
                stored.urlOf(command.schemaId()), command.schemaId());
        if (!checked.violations().isEmpty()) {
            throw new DomainRejectionException(notASchema(checked.violations()));
        }
        List<String> references = checked.references().stream().sorted().toList();
        List<String> before = schema.invoke(Schema::references);
        String user = "schemas/" + command.schemaId();
        for (String reference : references) {
            if (!before.contains(reference) && !stored.use(command.tenantId(), reference, user)) {
                throw new DomainRejectionException(Rejection.invalid("schema",
                        "Schema '" + reference + "', which the schema refers to, does not exist."));
            }
        }
        for (String reference : before) {
            if (!references.contains(reference)) {
                stored.release(command.tenantId(), reference, user);
            }
        }
        schema.execute(it -> it.put(command, references));
        return creates;
    }

    @CommandHandler
    public void handle(DeleteSchema command) throws Exception {
        Aggregate<Schema> schema = schemas.load(SchemaIds.aggregateId(command.schemaId()));
        List<String> references = schema.invoke(it -> it.admit(command));
        for (String reference : references) {
            stored.release(command.tenantId(), reference, "schemas/" + command.schemaId());
        }
        schema.execute(Schema::delete);
    }

    /** The refusal of a schema that is not one: every violation, located in the request's {@code schema}. */
    static Rejection notASchema(List<Violation> violations) {
        return Rejection.invalid("schema", "The schema is not a valid JSON Schema: " + Violation.summary(violations),
                violations);
    }
}
