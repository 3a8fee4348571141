package io.traceloom.command.schema;

import io.traceloom.command.config.CommandSideProperties;
import io.traceloom.command.rejection.RejectionTranslator;
import io.traceloom.command.schema.engine.JsonSchemas;
import io.traceloom.kernel.message.Rejection;
import io.traceloom.kernel.message.Violation;
import io.traceloom.kernel.schema.DeleteSchema;
import io.traceloom.kernel.schema.PutSchema;
import io.traceloom.kernel.schema.SchemaCreated;
import io.traceloom.kernel.schema.SchemaDeleted;
import io.traceloom.kernel.schema.SchemaReleased;
import io.traceloom.kernel.schema.SchemaReplaced;
import io.traceloom.kernel.schema.SchemaUsed;
import java.nio.file.Path;
import java.util.List;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** One schema's rules: create or replace, versions, the tenant first, and no deletion while in use. */
class SchemaTest {

    static final String TENANT = "tenant-1";
    static final String OTHER_TENANT = "tenant-2";
    static final String ID = "0f5d2c1e-7a3b-4c9d-8e1f-2a3b4c5d6e7f";
    static final String ORDER = "{\"type\":\"object\",\"required\":[\"lot\"]}";
    static final String ORDER_V2 = "{\"type\":\"object\",\"required\":[\"lot\",\"kg\"]}";

    private AggregateTestFixture<Schema> fixture;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(Schema.class);
        fixture.registerCommandHandlerInterceptor(new RejectionTranslator());
        CommandSideProperties properties = new CommandSideProperties(Path.of("unused"), "https://traceloom.example",
                new CommandSideProperties.Credentials("", java.time.Duration.ofDays(1)));
        StoredSchemas stored = new StoredSchemas(fixture.getRepository(), fixture.getEventStore(),
                new JsonSchemas(java.time.Duration.ofSeconds(1)), properties);
        fixture.registerAnnotatedCommandHandler(new SchemaCommandHandler(fixture.getRepository(), stored));
    }

    private static PutSchema put(String tenant, String schema) {
        return new PutSchema(tenant, ID, "Order", schema, null, false);
    }

    @Test
    void aNewIdCreatesTheSchema() {
        fixture.givenNoPriorActivity()
                .when(put(TENANT, ORDER))
                .expectSuccessfulHandlerExecution()
                .expectResultMessagePayload(true)
                .expectEvents(new SchemaCreated(TENANT, ID, "Order", ORDER, List.of()));
    }

    @Test
    void aPutOfAnExistingIdReplacesIt() {
        fixture.given(new SchemaCreated(TENANT, ID, "Order", ORDER, List.of()))
                .when(new PutSchema(TENANT, ID, "Order v2", ORDER_V2, 0L, true))
                .expectResultMessagePayload(false)
                .expectEvents(new SchemaReplaced(TENANT, ID, "Order v2", ORDER_V2, List.of()));
    }

    @Test
    void aPutThatChangesNothingRecordsNothing() {
        fixture.given(new SchemaCreated(TENANT, ID, "Order", ORDER, List.of()))
                .when(put(TENANT, ORDER))
                .expectResultMessagePayload(false)
                .expectNoEvents();
    }

    @Test
    void aDeletedSchemasIdIsCreatedAnew() {
        fixture.given(new SchemaCreated(TENANT, ID, "Order", ORDER, List.of()), new SchemaDeleted(TENANT, ID))
                .when(put(TENANT, ORDER_V2))
                .expectResultMessagePayload(true)
                .expectEvents(new SchemaCreated(TENANT, ID, "Order", ORDER_V2, List.of()));
    }

    @Test
    void anotherTenantsSchemaDoesNotExistWhateverIsAsked() {
        fixture.given(new SchemaCreated(TENANT, ID, "Order", ORDER, List.of()))
                .when(new PutSchema(OTHER_TENANT, ID, "Mine", "{\"type\":\"strin\"}", 7L, true))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.notFound("Schema '" + ID + "' does not exist."));
        fixture.given(new SchemaCreated(TENANT, ID, "Order", ORDER, List.of()),
                        new SchemaUsed(TENANT, ID, "canvas-templates/t1"))
                .when(new DeleteSchema(OTHER_TENANT, ID, 3L))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.notFound("Schema '" + ID + "' does not exist."));
    }

    @Test
    void anExpectedVersionMustBeTheCurrentOne() {
        fixture.given(new SchemaCreated(TENANT, ID, "Order", ORDER, List.of()),
                        new SchemaReplaced(TENANT, ID, "Order", ORDER_V2, List.of()))
                .when(new PutSchema(TENANT, ID, "Order", ORDER, 0L, true))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.versionMismatch(
                        "Schema '" + ID + "' has changed: it is at version 1, not 0."));
    }

    @Test
    void usesDoNotChangeTheVersionClientsSee() {
        fixture.given(new SchemaCreated(TENANT, ID, "Order", ORDER, List.of()),
                        new SchemaUsed(TENANT, ID, "canvas-templates/t1"), new SchemaReleased(TENANT, ID, "canvas-templates/t1"))
                .when(new DeleteSchema(TENANT, ID, 0L))
                .expectEvents(new SchemaDeleted(TENANT, ID));
    }

    @Test
    void anIfMatchOnASchemaThatDoesNotExistFails() {
        fixture.givenNoPriorActivity()
                .when(new PutSchema(TENANT, ID, "Order", ORDER, null, true))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.versionMismatch(
                        "Schema '" + ID + "' does not exist, so no If-Match can match it."));
    }

    @Test
    void aSchemaThatIsNotOneIsRefusedWithEveryViolation() {
        fixture.givenNoPriorActivity()
                .when(put(TENANT, "{\"type\":\"strin\",\"minLength\":-1}"))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.invalid("schema", "The schema is not a valid JSON Schema: 3 violations.",
                        List.of(new Violation("/type", "/allOf/3/$ref/properties/type/anyOf/0/$ref/enum",
                                        "does not have a value in the enumeration [\"array\", \"boolean\", \"integer\", "
                                                + "\"null\", \"number\", \"object\", \"string\"]"),
                                new Violation("/type", "/allOf/3/$ref/properties/type/anyOf/1/type",
                                        "string found, array expected"),
                                new Violation("/minLength", "/allOf/3/$ref/properties/minLength/$ref/$ref/minimum",
                                        "must have a minimum value of 0"))));
    }

    @Test
    void aSchemaMayReferToItselfByItsUrlWithoutUsingItself() {
        String self = "{\"properties\":{\"next\":{\"$ref\":\"https://traceloom.example/schemas/" + ID + "\"}}}";
        fixture.givenNoPriorActivity()
                .when(put(TENANT, self))
                .expectEvents(new SchemaCreated(TENANT, ID, "Order", self, List.of()));
    }

    @Test
    void aSchemaInUseIsNotDeleted() {
        fixture.given(new SchemaCreated(TENANT, ID, "Order", ORDER, List.of()),
                        new SchemaUsed(TENANT, ID, "canvas-templates/t1"), new SchemaUsed(TENANT, ID, "schemas/s2"))
                .when(new DeleteSchema(TENANT, ID, null))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.conflict(null, "Schema '" + ID + "' is in use by "
                        + "canvas-templates/t1, schemas/s2; it can be deleted once nothing uses it."));
    }

    @Test
    void aDeletedSchemaIsGone() {
        fixture.given(new SchemaCreated(TENANT, ID, "Order", ORDER, List.of()), new SchemaDeleted(TENANT, ID))
                .when(new DeleteSchema(TENANT, ID, null))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.notFound("Schema '" + ID + "' does not exist."));
    }
}
