package io.traceloom.command.credential;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.command.config.CommandSideProperties;
import io.traceloom.command.rejection.RejectionTranslator;
import io.traceloom.kernel.credential.CredentialIssued;
import io.traceloom.kernel.credential.IssueCredential;
import io.traceloom.kernel.credential.IssuerKeyCreated;
import io.traceloom.command.schema.JsonSchemas;
import io.traceloom.command.schema.Schema;
import io.traceloom.command.schema.StoredSchemas;
import io.traceloom.kernel.message.Rejection;
import io.traceloom.kernel.message.Violation;
import io.traceloom.kernel.schema.SchemaCreated;
import io.traceloom.kernel.schema.SchemaIds;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.messaging.MetaData;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventsourcing.EventSourcingRepository;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.eventsourcing.eventstore.inmemory.InMemoryEventStorageEngine;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.hamcrest.CustomTypeSafeMatcher;
import org.hamcrest.Matcher;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CredentialTest {

    private static final String TENANT = "tenant-1";
    private static final String BASE_URL = "http://localhost:8080";
    private static final String SCHEMA_ID = "0f5d2c1e-7a3b-4c9d-8e1f-2a3b4c5d6e7f";
    private static final String PRODUCT_SCHEMA =
            "{\"type\":\"object\",\"required\":[\"product\"],\"properties\":{\"product\":{\"type\":\"string\"}}}";
    private static final String SUBJECT = "{\"id\":\"urn:uuid:6f1c2a9e-3d4b-4c8a-9e2f-1a7b5c3d9e01\",\"product\":\"Apples\"}";

    @TempDir
    Path keys;
    private AggregateTestFixture<Credential> fixture;
    /** The tenant's issuer lives in a store of its own: the fixture's store holds one aggregate. */
    private EmbeddedEventStore issuerEvents;

    /** A tenant's stored schemas, in a store of their own too. */
    private EmbeddedEventStore schemaEvents;

    @BeforeEach
    void setUp() {
        issuerEvents = EmbeddedEventStore.builder().storageEngine(new InMemoryEventStorageEngine()).build();
        schemaEvents = EmbeddedEventStore.builder().storageEngine(new InMemoryEventStorageEngine()).build();
        CommandSideProperties properties = new CommandSideProperties(keys, BASE_URL,
                new CommandSideProperties.Credentials("", Duration.ofDays(365), CommandSideProperties.Limits.defaults()));
        fixture = new AggregateTestFixture<>(Credential.class);
        fixture.registerCommandHandlerInterceptor(new RejectionTranslator());
        fixture.registerAnnotatedCommandHandler(new CredentialCommandHandler(
                EventSourcingRepository.builder(Issuer.class).eventStore(issuerEvents).build(),
                fixture.getRepository(), IssuerKeyStore.open(keys, ""), SampleCredentials.SUITE,
                SampleCredentials.CONTEXTS,
                new StoredSchemas(EventSourcingRepository.builder(Schema.class).eventStore(schemaEvents).build(),
                        new JsonSchemas(Duration.ofSeconds(1)), properties),
                properties));
    }

    @AfterEach
    void tearDown() {
        issuerEvents.shutDown();
        schemaEvents.shutDown();
    }

    private void givenStoredSchema(String tenant, String schema) {
        schemaEvents.publish(new GenericDomainEventMessage<>("Schema", SchemaIds.aggregateId(SCHEMA_ID), 0,
                new SchemaCreated(tenant, SCHEMA_ID, "Product", schema, List.of()), MetaData.emptyInstance(),
                UUID.randomUUID().toString(), Instant.now()));
    }

    private static IssueCredential issueAgainst(String schemaId) {
        return new IssueCredential(TENANT, "c-1", List.of(), SUBJECT, null, null, schemaId);
    }

    /** The one credential the events hold, as signed. */
    private static JsonObject issuedCredential(List<? super EventMessage<?>> events) {
        CredentialIssued issued = (CredentialIssued) ((EventMessage<?>) events.get(0)).getPayload();
        return Json.createReader(new StringReader(issued.credential())).readObject();
    }

    /** An INVALID rejection about this field whose message says this. */
    private static Matcher<Rejection> refusal(String field, String saying) {
        return new CustomTypeSafeMatcher<>("a refusal of " + field + " saying '" + saying + "'") {
            @Override
            protected boolean matchesSafely(Rejection rejection) {
                return rejection.kind() == Rejection.Kind.INVALID && field.equals(rejection.field())
                        && rejection.message().contains(saying);
            }
        };
    }

    private static IssueCredential issue(String id, Instant expiration, List<String> contexts) {
        return new IssueCredential(TENANT, id, List.of("TraceabilityCredential"), SUBJECT, expiration, contexts, null);
    }

    @Test
    void aCredentialIsBuiltSignedAndRecorded() {
        fixture.givenNoPriorActivity()
                .when(issue("c-1", null, null))
                .expectSuccessfulHandlerExecution()
                .expectResultMessagePayload("c-1")
                .expectEventsMatching(new CustomTypeSafeMatcher<List<? super EventMessage<?>>>("one signed credential") {
                    @Override
                    protected boolean matchesSafely(List<? super EventMessage<?>> events) {
                        if (events.size() != 1) {
                            return false;
                        }
                        CredentialIssued issued = (CredentialIssued) ((EventMessage<?>) events.get(0)).getPayload();
                        JsonObject credential = Json.createReader(new StringReader(issued.credential())).readObject();
                        return issued.tenantId().equals(TENANT) && issued.credentialId().equals("c-1")
                                && credential.getString("id").equals("urn:uuid:c-1")
                                && credential.getJsonArray("type").getString(0).equals("VerifiableCredential")
                                && SampleCredentials.verifiesNow(credential);
                    }
                });
    }

    @Test
    void theFirstCredentialOfATenantRecordsItsKeyPublicOnly() {
        fixture.givenNoPriorActivity().when(issue("c-1", null, null)).expectSuccessfulHandlerExecution();
        fixture.givenNoPriorActivity().when(issue("c-2", null, null)).expectSuccessfulHandlerExecution();

        List<? extends EventMessage<?>> issuerEventsOfTenant =
                issuerEvents.readEvents(Issuer.idFor(TENANT)).asStream().toList();
        assertThat(issuerEventsOfTenant).hasSize(1);
        IssuerKeyCreated created = (IssuerKeyCreated) issuerEventsOfTenant.get(0).getPayload();
        assertThat(created.did()).startsWith("did:key:z6Mk");
        assertThat(created).hasOnlyFields("tenantId", "did");
    }

    @Test
    void onlyBundledContextsCanBeAdded() {
        fixture.givenNoPriorActivity()
                .when(issue("c-1", null, List.of("https://example.org/other/v1")))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.invalid("@context",
                        "context not available: https://example.org/other/v1"));
    }

    @Test
    void aCredentialMustExpireAfterItsIssuance() {
        fixture.givenNoPriorActivity()
                .when(issue("c-1", Instant.parse("2001-01-01T00:00:00Z"), null))
                .expectNoEvents()
                .expectExceptionDetails(refusal("expirationDate", "must be after the issuance date"));
    }

    @Test
    void aCredentialExpiresWithinFourDigitYears() {
        fixture.givenNoPriorActivity()
                .when(issue("c-1", Instant.parse("+10000-01-01T00:00:00Z"), null))
                .expectNoEvents()
                .expectExceptionDetails(refusal("expirationDate", "must be at most 9999-12-31T23:59:59Z"));
        fixture.givenNoPriorActivity()
                .when(issue("c-2", Instant.parse("9999-12-31T23:59:59Z"), null))
                .expectSuccessfulHandlerExecution();
    }

    @Test
    void aSubjectThatWouldEscapeTheSignatureIsRefused() {
        fixture.givenNoPriorActivity()
                .when(new IssueCredential(TENANT, "c-1", List.of(), "{\"id\":\"orchards/12\"}", null, null, null))
                .expectNoEvents()
                .expectExceptionDetails(refusal("credentialSubject", "'orchards/12' is not an absolute IRI"));
    }

    @Test
    void aSubjectThatSatisfiesTheStoredSchemaIsIssuedNamingIt() {
        givenStoredSchema(TENANT, PRODUCT_SCHEMA);

        fixture.givenNoPriorActivity()
                .when(issueAgainst(SCHEMA_ID))
                .expectSuccessfulHandlerExecution()
                .expectEventsMatching(new CustomTypeSafeMatcher<List<? super EventMessage<?>>>("a credential naming "
                        + "its schema, signed") {
                    @Override
                    protected boolean matchesSafely(List<? super EventMessage<?>> events) {
                        JsonObject credential = issuedCredential(events);
                        JsonObject schema = credential.getJsonObject("credentialSchema");
                        return schema.getString("id").equals(BASE_URL + "/schemas/" + SCHEMA_ID)
                                && schema.getString("type").equals("JsonSchema")
                                && SampleCredentials.verifiesNow(credential);
                    }
                });
    }

    @Test
    void aSubjectThatBreaksTheStoredSchemaIsRefusedWithEveryViolation() {
        givenStoredSchema(TENANT, "{\"type\":\"object\",\"required\":[\"lot\"],"
                + "\"properties\":{\"product\":{\"type\":\"integer\"}}}");

        fixture.givenNoPriorActivity()
                .when(issueAgainst(SCHEMA_ID))
                .expectNoEvents()
                .expectExceptionDetails(new CustomTypeSafeMatcher<Rejection>("the subject's two violations") {
                    @Override
                    protected boolean matchesSafely(Rejection rejection) {
                        return rejection.kind() == Rejection.Kind.INVALID
                                && rejection.field().equals("credentialSubject")
                                && rejection.message().equals("The subject does not satisfy schema '" + SCHEMA_ID
                                        + "': 2 violations.")
                                && rejection.violations().stream().map(Violation::keywordLocation).toList()
                                .containsAll(List.of("/required", "/properties/product/type"));
                    }
                });
    }

    @Test
    void aSchemaOfAnotherTenantOrNoneIsNoSchema() {
        givenStoredSchema("tenant-2", PRODUCT_SCHEMA);

        fixture.givenNoPriorActivity()
                .when(issueAgainst(SCHEMA_ID))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.invalid("schemaId", "There is no schema '" + SCHEMA_ID + "'."));
        fixture.givenNoPriorActivity()
                .when(issueAgainst("no-such-schema"))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.invalid("schemaId", "There is no schema 'no-such-schema'."));
    }
}
