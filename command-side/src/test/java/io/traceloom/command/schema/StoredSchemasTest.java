package io.traceloom.command.schema;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.command.catalogue.CatalogueCache;
import io.traceloom.command.config.CommandSideProperties;
import io.traceloom.command.rejection.DomainRejectionException;
import io.traceloom.command.schema.engine.JsonSchemas;
import io.traceloom.kernel.message.Rejection;
import io.traceloom.kernel.message.Violation;
import io.traceloom.kernel.schema.DeleteSchema;
import io.traceloom.kernel.schema.PutSchema;
import io.traceloom.kernel.schema.SchemaCreated;
import io.traceloom.kernel.schema.SchemaIds;
import io.traceloom.kernel.schema.SchemaReleased;
import io.traceloom.kernel.schema.SchemaReplaced;
import io.traceloom.kernel.schema.SchemaUsed;
import io.traceloom.kernel.schema.SchemaValidation;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.axonframework.commandhandling.GenericCommandMessage;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventsourcing.EventSourcingRepository;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.eventsourcing.eventstore.inmemory.InMemoryEventStorageEngine;
import org.axonframework.messaging.ResultMessage;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;

/**
 * Schemas among each other and as other features use them: references between stored schemas (and the uses
 * they record), validation with compiled schemas cached per version, tenants kept apart. Runs the real
 * repository on an in-memory event store, one unit of work per command as Axon would.
 */
class StoredSchemasTest {

    private static final String BASE = "https://traceloom.example";
    private static final String TENANT = "tenant-1";
    private static final String OTHER_TENANT = "tenant-2";
    private static final String A = "aaaaaaaa-0000-4000-8000-000000000001";
    private static final String B = "bbbbbbbb-0000-4000-8000-000000000002";

    private EmbeddedEventStore events;
    private EventSourcingRepository<Schema> repository;
    private StoredSchemas stored;
    private SchemaCommandHandler handler;
    private final ExecutorService threads = Executors.newCachedThreadPool();

    @BeforeEach
    void setUp() {
        events = EmbeddedEventStore.builder().storageEngine(new InMemoryEventStorageEngine()).build();
        repository = repository();
        stored = storedSchemas(repository);
        handler = new SchemaCommandHandler(repository, stored);
    }

    /** The schemas' repository as the service configures it: it locks what it loads, and keeps it in memory. */
    private EventSourcingRepository<Schema> repository() {
        return EventSourcingRepository.builder(Schema.class).eventStore(events).cache(new CatalogueCache(100)).build();
    }

    private StoredSchemas storedSchemas(EventSourcingRepository<Schema> schemas) {
        CommandSideProperties properties = new CommandSideProperties(Path.of("unused"), BASE,
                new CommandSideProperties.Credentials("", Duration.ofDays(1)),
                new CommandSideProperties.Schemas(DataSize.ofKilobytes(4), Duration.ofSeconds(1)),
                CommandSideProperties.Canvas.defaults(), CommandSideProperties.Catalogues.defaults());
        return new StoredSchemas(schemas, events, new JsonSchemas(Duration.ofSeconds(1)), properties);
    }

    @AfterEach
    void tearDown() {
        threads.shutdownNow();
        events.shutDown();
    }

    @Test
    void aSchemaThatRefersToAnotherUsesIt() {
        put(TENANT, A, "{\"type\":\"string\"}");
        put(TENANT, B, "{\"properties\":{\"lot\":{\"$ref\":\"" + BASE + "/schemas/" + A + "\"}}}");

        assertThat(eventsOf(A)).last().isEqualTo(new SchemaUsed(TENANT, A, "schemas/" + B));
        assertThat(eventsOf(B)).containsExactly(new SchemaCreated(TENANT, B, "n",
                "{\"properties\":{\"lot\":{\"$ref\":\"" + BASE + "/schemas/" + A + "\"}}}", List.of(A)));
        assertThat(rejection(() -> {
            handler.handle(new DeleteSchema(TENANT, A, null));
            return null;
        }).kind())
                .isEqualTo(Rejection.Kind.CONFLICT);
    }

    @Test
    void aRelativeReferenceNamesAStoredSchemaToo() {
        put(TENANT, A, "{\"type\":\"string\"}");
        put(TENANT, B, "{\"$ref\":\"" + A + "\"}");

        assertThat(eventsOf(A)).last().isEqualTo(new SchemaUsed(TENANT, A, "schemas/" + B));
        assertThat(validate(B, "7").violations()).hasSize(1);
    }

    @Test
    void aSchemaThatNoLongerRefersReleasesAndADeletedOneToo() {
        put(TENANT, A, "{\"type\":\"string\"}");
        put(TENANT, B, "{\"$ref\":\"" + A + "\"}");
        put(TENANT, B, "{\"type\":\"number\"}");

        assertThat(eventsOf(A)).last().isEqualTo(new SchemaReleased(TENANT, A, "schemas/" + B));
        assertThat(eventsOf(B)).last().isEqualTo(new SchemaReplaced(TENANT, B, "n", "{\"type\":\"number\"}", List.of()));

        put(TENANT, B, "{\"$ref\":\"" + A + "\"}");
        inUnitOfWork(() -> {
            handler.handle(new DeleteSchema(TENANT, B, null));
            return null;
        });
        assertThat(eventsOf(A)).last().isEqualTo(new SchemaReleased(TENANT, A, "schemas/" + B));
        inUnitOfWork(() -> {
            handler.handle(new DeleteSchema(TENANT, A, null));
            return null;
        });
    }

    @Test
    void anotherTenantsSchemaIsNoSchemaToReferTo() {
        put(OTHER_TENANT, A, "{\"type\":\"string\"}");

        Rejection refused = rejection(() -> handler.handle(new PutSchema(TENANT, B, "n", "{\"$ref\":\"" + A + "\"}",
                null, false)));

        assertThat(refused.field()).isEqualTo("schema");
        assertThat(refused.violations()).extracting(Violation::message)
                .containsExactly("$ref '" + BASE + "/schemas/" + A + "' names no schema this schema may use");
        assertThat(inUnitOfWork(() -> stored.use(TENANT, A, "canvas-templates/x"))).isFalse();
        assertThat(inUnitOfWork(() -> stored.validate(TENANT, A, "1"))).isEmpty();
    }

    @Test
    void validationCompilesOncePerVersionAndSeesTheSchemasItRefersToAsTheyStand() {
        put(TENANT, A, "{\"type\":\"string\"}");
        put(TENANT, B, "{\"properties\":{\"lot\":{\"$ref\":\"" + A + "\"}}}");

        assertThat(validate(B, "{\"lot\":1}").violations()).extracting(Violation::instanceLocation).containsExactly("/lot");
        assertThat(validate(B, "{\"lot\":\"L1\"}").valid()).isTrue();
        assertThat(stored.compilations()).isEqualTo(1);

        put(TENANT, A, "{\"type\":\"integer\"}");

        assertThat(validate(B, "{\"lot\":1}").valid()).isTrue();
        assertThat(stored.compilations()).isEqualTo(2);
    }

    /**
     * A validation's unit of work stays open (as a verify's does while it checks its other subjects): a put of the
     * schema goes through meanwhile. On a validation that locked the schema the put would wait for the validation,
     * which waits for the put: the bound on the wait only ends that deadlock.
     */
    @Test
    void aPutOfASchemaDoesNotWaitForAValidationAgainstIt() throws Exception {
        put(TENANT, A, "{\"type\":\"string\"}");
        CountDownLatch validated = new CountDownLatch(1);
        CountDownLatch putDone = new CountDownLatch(1);
        Future<SchemaValidation> validation = threads.submit(() -> inUnitOfWork(() -> {
            SchemaValidation result = stored.validate(TENANT, A, "1").orElseThrow();
            validated.countDown();
            putDone.await();
            return result;
        }));
        assertThat(validated.await(30, TimeUnit.SECONDS)).isTrue();

        Future<?> replaced = threads.submit(() -> put(TENANT, A, "{\"type\":\"number\"}"));

        replaced.get(30, TimeUnit.SECONDS);
        putDone.countDown();
        assertThat(validation.get(30, TimeUnit.SECONDS).violations()).hasSize(1);
        assertThat(validate(A, "1").valid()).isTrue();
    }

    /**
     * Another tenant's schema, named by id (ids are public in every credential that names a schema): while that
     * tenant's command holds it, a validation against it answers at once that there is no such schema, and
     * nothing of it is compiled.
     */
    @Test
    void anotherTenantsSchemaIsNeitherWaitedForNorCompiled() throws Exception {
        put(OTHER_TENANT, A, "{\"pattern\":\"^(a+)+$\"}");
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        threads.submit(() -> inUnitOfWork(() -> {
            repository.load(SchemaIds.aggregateId(A));
            held.countDown();
            release.await();
            return null;
        }));
        assertThat(held.await(30, TimeUnit.SECONDS)).isTrue();

        Future<Optional<SchemaValidation>> validation = threads.submit(() -> inUnitOfWork(() ->
                stored.validate(TENANT, A, "\"" + "a".repeat(40) + "!\"")));

        try {
            assertThat(validation.get(30, TimeUnit.SECONDS)).isEmpty();
        } finally {
            release.countDown();
        }
        assertThat(stored.compilations()).isZero();
    }

    /** Two processes over one event store: a change made through one is what the other validates against next. */
    @Test
    void aChangeMadeThroughAnotherProcessIsValidatedAgainstAtOnce() {
        EventSourcingRepository<Schema> elsewhere = repository();
        SchemaCommandHandler otherProcess = new SchemaCommandHandler(elsewhere, storedSchemas(elsewhere));
        put(TENANT, A, "{\"type\":\"string\"}");
        assertThat(validate(A, "1").valid()).isFalse();

        inUnitOfWork(() -> otherProcess.handle(new PutSchema(TENANT, A, "n", "{\"type\":\"number\"}", null, false)));

        assertThat(validate(A, "1").valid()).isTrue();
        assertThat(validate(A, "\"1\"").valid()).isFalse();
    }

    @Test
    void anInlineSchemaIsCheckedAndNamesTheStoredSchemasItUses() {
        put(TENANT, A, "{\"type\":\"string\"}");

        assertThat(inUnitOfWork(() -> stored.check(TENANT, "{\"properties\":{\"x\":{\"$ref\":\"" + A + "\"}}}"))
                .references()).containsExactly(A);
        assertThat(inUnitOfWork(() -> stored.check(TENANT, "{\"type\":\"strin\"}")).usable()).isFalse();
        SchemaValidation validation = inUnitOfWork(() -> stored.validateInline(TENANT,
                "{\"properties\":{\"x\":{\"$ref\":\"" + A + "\"}}}", "{\"x\":2}"));
        assertThat(validation.violations()).extracting(Violation::instanceLocation).containsExactly("/x");
    }

    @Test
    void aSchemaOverTheSizeLimitIsRefused() {
        Rejection refused = rejection(() -> handler.handle(new PutSchema(TENANT, A, "n",
                "{\"description\":\"" + "x".repeat(5000) + "\"}", null, false)));

        assertThat(refused.violations()).extracting(Violation::message).singleElement().asString()
                .contains("more than the 4096 a schema may have (traceloom.schemas.max-size)");
    }

    @Test
    void urlsOfTheServiceNameSchemas() {
        assertThat(stored.urlOf(A)).isEqualTo(BASE + "/schemas/" + A);
        assertThat(stored.idOf(BASE + "/schemas/" + A)).contains(A);
        assertThat(stored.idOf(BASE + "/schemas/" + A.toUpperCase())).isEmpty();
        assertThat(stored.idOf(BASE + "/schemas/../" + A)).isEmpty();
        assertThat(stored.idOf("https://elsewhere.example/schemas/" + A)).isEmpty();
    }

    private void put(String tenant, String id, String schema) {
        inUnitOfWork(() -> handler.handle(new PutSchema(tenant, id, "n", schema, null, false)));
    }

    private SchemaValidation validate(String id, String document) {
        return inUnitOfWork(() -> stored.validate(TENANT, id, document)).orElseThrow();
    }

    private List<Object> eventsOf(String id) {
        return events.readEvents(SchemaIds.aggregateId(id)).asStream().<Object>map(EventMessage::getPayload).toList();
    }

    private Rejection rejection(Callable<?> command) {
        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(() -> inUnitOfWork(command));
        assertThat(thrown).isInstanceOf(DomainRejectionException.class);
        return ((DomainRejectionException) thrown).rejection();
    }

    private static <T> T inUnitOfWork(Callable<T> work) {
        DefaultUnitOfWork<?> unitOfWork = DefaultUnitOfWork.startAndGet(GenericCommandMessage.asCommandMessage("test"));
        ResultMessage<T> result = unitOfWork.executeWithResult(work);
        if (result.isExceptional()) {
            Throwable error = result.exceptionResult();
            throw error instanceof RuntimeException runtime ? runtime : new IllegalStateException(error);
        }
        return result.getPayload();
    }
}
