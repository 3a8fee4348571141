package io.traceloom.command.canvas;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.command.config.CommandSideProperties;
import io.traceloom.command.rejection.RejectionTranslator;
import io.traceloom.command.schema.Schema;
import io.traceloom.command.schema.StoredSchemas;
import io.traceloom.command.schema.engine.JsonSchemas;
import io.traceloom.kernel.canvas.CanvasTemplateCreated;
import io.traceloom.kernel.canvas.CanvasTemplateDeleted;
import io.traceloom.kernel.canvas.CanvasTemplateRendered;
import io.traceloom.kernel.canvas.CanvasTemplateReplaced;
import io.traceloom.kernel.canvas.CreateCanvasTemplate;
import io.traceloom.kernel.canvas.DeleteCanvasTemplate;
import io.traceloom.kernel.canvas.RenderCanvasTemplate;
import io.traceloom.kernel.canvas.ReplaceCanvasTemplate;
import io.traceloom.kernel.message.Rejection;
import io.traceloom.kernel.message.Violation;
import io.traceloom.kernel.schema.SchemaCreated;
import io.traceloom.kernel.schema.SchemaIds;
import io.traceloom.kernel.schema.SchemaReleased;
import io.traceloom.kernel.schema.SchemaUsed;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventsourcing.EventSourcingRepository;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.eventsourcing.eventstore.inmemory.InMemoryEventStorageEngine;
import org.axonframework.messaging.MetaData;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;

/**
 * A canvas template's rules, with the tenant's stored schemas as the schema feature keeps them (in a store of
 * their own: the fixture's holds the template) and renders recorded as instances (a store of their own too).
 */
class CanvasTemplateTest {

    private static final String TENANT = "tenant-1";
    private static final String TEMPLATE = "tpl-1";
    private static final String SCHEMA_ID = "0f5d2c1e-7a3b-4c9d-8e1f-2a3b4c5d6e7f";
    private static final String LOT_SCHEMA = "{\"type\":\"object\",\"required\":[\"lot\"],\"properties\":{\"lot\":"
            + "{\"type\":\"string\"}}}";
    private static final String HELLO = "Lot {{lot}}";
    private static final String USER = "canvas-templates/" + TEMPLATE;

    private AggregateTestFixture<CanvasTemplate> fixture;
    private EmbeddedEventStore schemaEvents;
    private EmbeddedEventStore instanceEvents;

    @BeforeEach
    void setUp() {
        schemaEvents = EmbeddedEventStore.builder().storageEngine(new InMemoryEventStorageEngine()).build();
        instanceEvents = EmbeddedEventStore.builder().storageEngine(new InMemoryEventStorageEngine()).build();
        CommandSideProperties properties = new CommandSideProperties(Path.of("unused"), "https://traceloom.example",
                new CommandSideProperties.Credentials("", Duration.ofDays(1)), CommandSideProperties.Schemas.defaults(),
                new CommandSideProperties.Canvas(DataSize.ofBytes(100), Duration.ofSeconds(1)),
                CommandSideProperties.Catalogues.defaults());
        StoredSchemas schemas = new StoredSchemas(EventSourcingRepository.builder(Schema.class).eventStore(schemaEvents)
                .build(), schemaEvents, new JsonSchemas(Duration.ofSeconds(1)), properties);
        fixture = new AggregateTestFixture<>(CanvasTemplate.class);
        fixture.registerCommandHandlerInterceptor(new RejectionTranslator());
        fixture.registerAnnotatedCommandHandler(new CanvasCommandHandler(fixture.getRepository(),
                EventSourcingRepository.builder(CanvasTemplateInstance.class).eventStore(instanceEvents).build(),
                schemas, properties));
    }

    @AfterEach
    void tearDown() {
        schemaEvents.shutDown();
        instanceEvents.shutDown();
    }

    @Test
    void aTemplateWithItsOwnSchemaIsCreated() {
        fixture.givenNoPriorActivity()
                .when(new CreateCanvasTemplate(TENANT, TEMPLATE, "Label", HELLO, LOT_SCHEMA, null))
                .expectResultMessagePayload(TEMPLATE)
                .expectEvents(new CanvasTemplateCreated(TENANT, TEMPLATE, "Label", HELLO, LOT_SCHEMA, null, List.of()));
    }

    @Test
    void aTemplateOnAStoredSchemaUsesIt() {
        givenStoredSchema(TENANT);

        fixture.givenNoPriorActivity()
                .when(new CreateCanvasTemplate(TENANT, TEMPLATE, "Label", HELLO, null, SCHEMA_ID))
                .expectEvents(new CanvasTemplateCreated(TENANT, TEMPLATE, "Label", HELLO, null, SCHEMA_ID,
                        List.of(SCHEMA_ID)));
        assertThat(schemaEvents()).last().isEqualTo(new SchemaUsed(TENANT, SCHEMA_ID, USER));
    }

    @Test
    void aTemplateWhoseSchemaRefersToAStoredOneUsesIt() {
        givenStoredSchema(TENANT);
        String schema = "{\"$ref\":\"" + SCHEMA_ID + "\"}";

        fixture.givenNoPriorActivity()
                .when(new CreateCanvasTemplate(TENANT, TEMPLATE, "Label", HELLO, schema, null))
                .expectEvents(new CanvasTemplateCreated(TENANT, TEMPLATE, "Label", HELLO, schema, null,
                        List.of(SCHEMA_ID)));
        assertThat(schemaEvents()).last().isEqualTo(new SchemaUsed(TENANT, SCHEMA_ID, USER));
    }

    @Test
    void anotherTenantsSchemaIsNoSchema() {
        givenStoredSchema("tenant-2");

        fixture.givenNoPriorActivity()
                .when(new CreateCanvasTemplate(TENANT, TEMPLATE, "Label", HELLO, null, SCHEMA_ID))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.invalid("schemaId", "There is no schema '" + SCHEMA_ID + "'."));
    }

    @Test
    void aTemplateThatDoesNotCompileIsRefusedWithWhere() {
        fixture.givenNoPriorActivity()
                .when(new CreateCanvasTemplate(TENANT, TEMPLATE, "Label", "Hello {{#if x}}\nno end", LOT_SCHEMA, null))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.invalid("template", "The template does not compile: line 2, column 6: "
                        + "found: 'EOF', expected: '{{/'."));
    }

    @Test
    void anInvalidSchemaIsRefusedWithEveryViolation() {
        fixture.givenNoPriorActivity()
                .when(new CreateCanvasTemplate(TENANT, TEMPLATE, "Label", HELLO, "{\"minLength\":-1}", null))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.invalid("schema",
                        "The schema is not a valid JSON Schema: /minLength: must have a minimum value of 0.",
                        List.of(new Violation("/minLength", "/allOf/3/$ref/properties/minLength/$ref/$ref/minimum",
                                "must have a minimum value of 0"))));
    }

    @Test
    void aReplacementReleasesTheSchemaItNoLongerUses() {
        givenStoredSchema(TENANT, new SchemaUsed(TENANT, SCHEMA_ID, USER));

        fixture.given(new CanvasTemplateCreated(TENANT, TEMPLATE, "Label", HELLO, null, SCHEMA_ID, List.of(SCHEMA_ID)))
                .when(new ReplaceCanvasTemplate(TENANT, TEMPLATE, "Label", HELLO, LOT_SCHEMA, null, 0L))
                .expectEvents(new CanvasTemplateReplaced(TENANT, TEMPLATE, "Label", HELLO, LOT_SCHEMA, null, List.of()));
        assertThat(schemaEvents()).last().isEqualTo(new SchemaReleased(TENANT, SCHEMA_ID, USER));
    }

    @Test
    void anotherTenantsTemplateDoesNotExistWhateverIsAsked() {
        fixture.given(new CanvasTemplateCreated(TENANT, TEMPLATE, "Label", HELLO, LOT_SCHEMA, null, List.of()))
                .when(new ReplaceCanvasTemplate("tenant-2", TEMPLATE, "Mine", "{{#if}", "{}", null, 9L))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.notFound("Canvas template '" + TEMPLATE + "' does not exist."));
        fixture.given(new CanvasTemplateCreated(TENANT, TEMPLATE, "Label", HELLO, LOT_SCHEMA, null, List.of()))
                .when(new RenderCanvasTemplate("tenant-2", "i-1", TEMPLATE, "{\"lot\":7}", "u"))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.notFound("Canvas template '" + TEMPLATE + "' does not exist."));
    }

    @Test
    void anExpectedVersionMustBeTheCurrentOne() {
        fixture.given(new CanvasTemplateCreated(TENANT, TEMPLATE, "Label", HELLO, LOT_SCHEMA, null, List.of()))
                .when(new DeleteCanvasTemplate(TENANT, TEMPLATE, 3L))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.versionMismatch(
                        "Canvas template '" + TEMPLATE + "' has changed: it is at version 0, not 3."));
    }

    @Test
    void deletingReleasesItsSchema() {
        givenStoredSchema(TENANT, new SchemaUsed(TENANT, SCHEMA_ID, USER));

        fixture.given(new CanvasTemplateCreated(TENANT, TEMPLATE, "Label", HELLO, null, SCHEMA_ID, List.of(SCHEMA_ID)))
                .when(new DeleteCanvasTemplate(TENANT, TEMPLATE, 0L))
                .expectEvents(new CanvasTemplateDeleted(TENANT, TEMPLATE));
        assertThat(schemaEvents()).last().isEqualTo(new SchemaReleased(TENANT, SCHEMA_ID, USER));
    }

    @Test
    void aRenderIsRecordedWithTheVersionItUsed() {
        fixture.given(new CanvasTemplateCreated(TENANT, TEMPLATE, "Label", HELLO, LOT_SCHEMA, null, List.of()),
                        new CanvasTemplateReplaced(TENANT, TEMPLATE, "Label", "Lot <{{lot}}>", LOT_SCHEMA, null, List.of()))
                .when(new RenderCanvasTemplate(TENANT, "i-1", TEMPLATE, "{\"lot\":\"L&1\"}", "user-1"))
                .expectResultMessagePayload("i-1");
        assertThat(instanceEvents.readEvents("i-1").asStream().<Object>map(EventMessage::getPayload).toList())
                .containsExactly(new CanvasTemplateRendered(TENANT, "i-1", TEMPLATE, 1, "{\"lot\":\"L&1\"}",
                        "Lot <L&amp;1>", "user-1"));
    }

    @Test
    void variablesThatBreakTheSchemaAreRefusedWithEveryViolation() {
        fixture.given(new CanvasTemplateCreated(TENANT, TEMPLATE, "Label", HELLO, LOT_SCHEMA, null, List.of()))
                .when(new RenderCanvasTemplate(TENANT, "i-1", TEMPLATE, "{\"lot\":7}", "user-1"))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.invalid(null,
                        "The variables do not satisfy the template's schema: /lot: integer found, string expected.",
                        List.of(new Violation("/lot", "/properties/lot/type", "integer found, string expected"))));
        assertThat(instanceEvents.readEvents("i-1").asStream().count()).isZero();
    }

    @Test
    void aRenderOverTheOutputCapIsRefused() {
        fixture.given(new CanvasTemplateCreated(TENANT, TEMPLATE, "Label", "{{lot}}{{lot}}", LOT_SCHEMA, null, List.of()))
                .when(new RenderCanvasTemplate(TENANT, "i-1", TEMPLATE, "{\"lot\":\"" + "x".repeat(60) + "\"}", "u"))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.invalid(null,
                        "The rendered output would be larger than 100 bytes (traceloom.canvas.max-output)."));
    }

    @Test
    void aDeletedTemplateIsNotRendered() {
        fixture.given(new CanvasTemplateCreated(TENANT, TEMPLATE, "Label", HELLO, LOT_SCHEMA, null, List.of()),
                        new CanvasTemplateDeleted(TENANT, TEMPLATE))
                .when(new RenderCanvasTemplate(TENANT, "i-1", TEMPLATE, "{\"lot\":\"L1\"}", "u"))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.notFound("The resource does not exist."));
    }

    private void givenStoredSchema(String tenant, Object... more) {
        String aggregateId = SchemaIds.aggregateId(SCHEMA_ID);
        schemaEvents.publish(new GenericDomainEventMessage<>("Schema", aggregateId, 0,
                new SchemaCreated(tenant, SCHEMA_ID, "Lot", LOT_SCHEMA, List.of()), MetaData.emptyInstance(),
                UUID.randomUUID().toString(), Instant.now()));
        for (int i = 0; i < more.length; i++) {
            schemaEvents.publish(new GenericDomainEventMessage<>("Schema", aggregateId, i + 1, more[i],
                    MetaData.emptyInstance(), UUID.randomUUID().toString(), Instant.now()));
        }
    }

    private List<Object> schemaEvents() {
        return schemaEvents.readEvents(SchemaIds.aggregateId(SCHEMA_ID)).asStream().<Object>map(EventMessage::getPayload)
                .toList();
    }
}
