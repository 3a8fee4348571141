package io.traceloom.command.credential;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.command.config.CommandSideProperties;
import io.traceloom.command.credential.proof.ContextDocuments;
import io.traceloom.command.credential.proof.DidKey;
import io.traceloom.command.credential.proof.Ed25519Proofs;
import io.traceloom.command.rejection.RejectionTranslator;
import io.traceloom.command.schema.Schema;
import io.traceloom.command.schema.StoredSchemas;
import io.traceloom.command.schema.engine.JsonSchemas;
import io.traceloom.kernel.credential.CredentialIssued;
import io.traceloom.kernel.credential.CredentialRevoked;
import io.traceloom.kernel.credential.CredentialStatusAssigned;
import io.traceloom.kernel.credential.IssueCredential;
import io.traceloom.kernel.credential.IssuerKeyCreated;
import io.traceloom.kernel.credential.ProofOptions;
import io.traceloom.kernel.credential.Revocation;
import io.traceloom.kernel.credential.RevokeCredential;
import io.traceloom.kernel.credential.StatusIndexesReserved;
import io.traceloom.kernel.credential.StatusListOpened;
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
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventsourcing.EventSourcingRepository;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.eventsourcing.eventstore.inmemory.InMemoryEventStorageEngine;
import org.axonframework.messaging.MetaData;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.axonframework.test.aggregate.ResultValidator;
import org.hamcrest.CustomTypeSafeMatcher;
import org.hamcrest.Matcher;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CredentialTest {

    private static final String TENANT = "tenant-1";
    private static final String SUBJECT = "{\"id\":\"urn:uuid:6f1c2a9e-3d4b-4c8a-9e2f-1a7b5c3d9e01\",\"product\":\"Apples\"}";
    private static final String V2 = ContextDocuments.CREDENTIALS_V2;
    private static final String SCHEMA_ID = "0f5d2c1e-7a3b-4c9d-8e1f-2a3b4c5d6e7f";
    private static final String PRODUCT_SCHEMA =
            "{\"type\":\"object\",\"required\":[\"product\"],\"properties\":{\"product\":{\"type\":\"string\"}}}";

    @TempDir
    Path keys;
    private AggregateTestFixture<Credential> fixture;
    /** The tenant's issuer and status lists live in stores of their own: the fixture's store holds one aggregate. */
    private EmbeddedEventStore issuerEvents;
    private EmbeddedEventStore statusEvents;
    /** A tenant's stored schemas, in a store of their own too. */
    private EmbeddedEventStore schemaEvents;
    private IssuerKeyStore keyStore;
    private StatusIndexes statusIndexes;

    @BeforeEach
    void setUp() {
        issuerEvents = EmbeddedEventStore.builder().storageEngine(new InMemoryEventStorageEngine()).build();
        statusEvents = EmbeddedEventStore.builder().storageEngine(new InMemoryEventStorageEngine()).build();
        schemaEvents = EmbeddedEventStore.builder().storageEngine(new InMemoryEventStorageEngine()).build();
        keyStore = IssuerKeyStore.open(keys, "");
        statusIndexes = new StatusIndexes(EventSourcingRepository.builder(StatusLists.class).eventStore(statusEvents)
                .build());
        fixture = fixture();
    }

    /**
     * A fixture of its own for each step of a test that issues several credentials: the tenant's issuer,
     * status lists and the entries handed out stay, as they do between the credentials of a running service.
     */
    private AggregateTestFixture<Credential> fixture() {
        CommandSideProperties properties = new CommandSideProperties(keys, SampleCredentials.BASE_URL,
                // VC-API credentials with a status entry by default, as with traceloom.credentials.vc-api-status-by-default
                new CommandSideProperties.Credentials("", Duration.ofDays(365), CommandSideProperties.Limits.defaults(),
                        true));
        AggregateTestFixture<Credential> fresh = new AggregateTestFixture<>(Credential.class);
        fresh.registerCommandHandlerInterceptor(new RejectionTranslator());
        fresh.registerAnnotatedCommandHandler(new CredentialCommandHandler(
                EventSourcingRepository.builder(Issuer.class).eventStore(issuerEvents).build(),
                fresh.getRepository(), keyStore, SampleCredentials.SUITE, SampleCredentials.CONTEXTS, statusIndexes,
                new StoredSchemas(EventSourcingRepository.builder(Schema.class).eventStore(schemaEvents).build(),
                        schemaEvents, new JsonSchemas(Duration.ofSeconds(1)), properties),
                properties));
        return fresh;
    }

    @AfterEach
    void tearDown() {
        issuerEvents.shutDown();
        statusEvents.shutDown();
        schemaEvents.shutDown();
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

    /** The spec's request, as the API sends it. */
    private static IssueCredential issue(String id, String expirationDate, String contexts) {
        return new IssueCredential(TENANT, id, "{" + (contexts == null ? "" : "\"@context\":" + contexts + ",")
                + "\"type\":[\"TraceabilityCredential\"],\"credentialSubject\":" + SUBJECT
                + (expirationDate == null ? "" : ",\"expirationDate\":\"" + expirationDate + "\"") + "}", false, null, null);
    }

    /** A credential the client composed, as the VC-API sends it. */
    private static IssueCredential vcApi(String id, String credential, ProofOptions options) {
        return new IssueCredential(TENANT, id, credential, true, options, null);
    }

    private String did() {
        return DidKey.did(keyStore.loadOrCreate(TENANT).getPublic());
    }

    private static JsonObject json(String text) {
        return Json.createReader(new StringReader(text)).readObject();
    }

    /** The credential the command recorded, and its status entry if it got one. */
    private record Recorded(JsonObject credential, CredentialStatusAssigned status) {
    }

    private static Recorded recorded(ResultValidator<Credential> result) {
        List<Recorded> recorded = new ArrayList<>();
        result.expectEventsMatching(new CustomTypeSafeMatcher<List<? super EventMessage<?>>>("a credential") {
            @Override
            protected boolean matchesSafely(List<? super EventMessage<?>> events) {
                CredentialIssued issued = (CredentialIssued) ((EventMessage<?>) events.get(0)).getPayload();
                CredentialStatusAssigned status = events.size() > 1
                        ? (CredentialStatusAssigned) ((EventMessage<?>) events.get(1)).getPayload() : null;
                recorded.add(new Recorded(json(issued.credential()), status));
                return true;
            }
        });
        return recorded.get(0);
    }

    @Test
    void aCredentialIsBuiltSignedAndRecordedWithItsStatusEntry() {
        Recorded recorded = recorded(fixture().givenNoPriorActivity().when(issue("c-1", null, null))
                .expectSuccessfulHandlerExecution()
                .expectResultMessagePayload("c-1"));

        JsonObject credential = recorded.credential();
        assertThat(credential.getString("id")).isEqualTo("urn:uuid:c-1");
        assertThat(credential.getJsonArray("@context").getValuesAs(jakarta.json.JsonString.class).stream()
                .map(jakarta.json.JsonString::getString)).containsExactly(ContextDocuments.CREDENTIALS_V1,
                ContextDocuments.DATA_INTEGRITY_V2, ContextDocuments.BITSTRING_STATUS_LIST_V1,
                SampleCredentials.CONTEXTS.traceloomContext());
        assertThat(credential.getJsonArray("type").getString(0)).isEqualTo("VerifiableCredential");
        assertThat(credential.getString("issuer")).isEqualTo(did());
        JsonObject status = credential.getJsonObject("credentialStatus");
        CredentialStatusAssigned assigned = recorded.status();
        assertThat(assigned.tenantId()).isEqualTo(TENANT);
        assertThat(assigned.purpose()).isEqualTo("revocation");
        String url = SampleCredentials.BASE_URL + "/credentials/status/" + assigned.listId();
        assertThat(status.getString("type")).isEqualTo("BitstringStatusListEntry");
        assertThat(status.getString("statusPurpose")).isEqualTo("revocation");
        assertThat(status.getString("statusListIndex")).isEqualTo(Integer.toString(assigned.index()));
        assertThat(status.getString("statusListCredential")).isEqualTo(url);
        assertThat(status.getString("id")).isEqualTo(url + "#" + assigned.index());
        assertThat(credential.getJsonObject("proof").getString("id")).startsWith("urn:uuid:");
        assertThat(SampleCredentials.verifiesNow(credential)).isTrue();
    }

    @Test
    void theFirstCredentialOfATenantRecordsItsKeyPublicOnly() {
        fixture().givenNoPriorActivity().when(issue("c-1", null, null)).expectSuccessfulHandlerExecution();
        fixture().givenNoPriorActivity().when(issue("c-2", null, null)).expectSuccessfulHandlerExecution();

        List<? extends EventMessage<?>> issuerEventsOfTenant =
                issuerEvents.readEvents(Issuer.idFor(TENANT)).asStream().toList();
        assertThat(issuerEventsOfTenant).hasSize(1);
        IssuerKeyCreated created = (IssuerKeyCreated) issuerEventsOfTenant.get(0).getPayload();
        assertThat(created.did()).startsWith("did:key:z6Mk");
        assertThat(created).hasOnlyFields("tenantId", "did");
    }

    @Test
    void statusIndexesAreReservedInBlocksAndNeverGivenTwice() {
        Set<Integer> indexes = new HashSet<>();
        for (int i = 0; i < StatusIndexes.BLOCK + 3; i++) {
            indexes.add(recorded(fixture().givenNoPriorActivity().when(issue("c-" + i, null, null))
                    .expectSuccessfulHandlerExecution()).status().index());
        }

        assertThat(indexes).hasSize(StatusIndexes.BLOCK + 3).allMatch(index -> index >= 0 && index < StatusLists.LENGTH);
        List<Object> listEvents = statusEvents.readEvents(StatusLists.idFor(TENANT)).asStream()
                .map(EventMessage::getPayload).map(Object.class::cast).toList();
        assertThat(listEvents).hasSize(3);
        StatusListOpened opened = (StatusListOpened) listEvents.get(0);
        assertThat(opened.length()).isEqualTo(131_072);
        assertThat(opened.stride() % 2).isEqualTo(1);
        assertThat(opened.issuer()).isEqualTo(did());
        assertThat(listEvents.get(1)).isEqualTo(new StatusIndexesReserved(TENANT, opened.listId(), 0, StatusIndexes.BLOCK));
        assertThat(listEvents.get(2)).isEqualTo(new StatusIndexesReserved(TENANT, opened.listId(), StatusIndexes.BLOCK,
                StatusIndexes.BLOCK));
    }

    @Test
    void anIndexOfARefusedIssuanceIsGivenToTheNextOne() {
        int first = recorded(fixture().givenNoPriorActivity().when(issue("c-1", null, null))
                .expectSuccessfulHandlerExecution()).status().index();
        fixture().givenNoPriorActivity()
                .when(new IssueCredential(TENANT, "c-2", "{\"credentialSubject\":{\"id\":\"orchards/12\"}}", false, null, null))
                .expectException(org.axonframework.commandhandling.CommandExecutionException.class);
        int third = recorded(fixture().givenNoPriorActivity().when(issue("c-3", null, null))
                .expectSuccessfulHandlerExecution()).status().index();

        StatusListOpened list = (StatusListOpened) statusEvents.readEvents(StatusLists.idFor(TENANT)).asStream()
                .findFirst().orElseThrow().getPayload();
        assertThat(first).isEqualTo(list.indexAt(0));
        assertThat(third).isEqualTo(list.indexAt(1));
    }

    @Test
    void aRequestNamingTheVc2ContextIssuesVc2() {
        JsonObject credential = recorded(fixture().givenNoPriorActivity()
                .when(issue("c-1", "2030-01-01T00:00:00Z", "[\"" + V2 + "\"]"))
                .expectSuccessfulHandlerExecution()).credential();

        assertThat(credential.getJsonArray("@context").toString())
                .isEqualTo("[\"" + V2 + "\",\"" + SampleCredentials.CONTEXTS.traceloomContext() + "\"]");
        assertThat(credential.getString("validUntil")).isEqualTo("2030-01-01T00:00:00Z");
        assertThat(credential.containsKey("validFrom")).isTrue();
        assertThat(credential.containsKey("issuanceDate")).isFalse();
        assertThat(credential.containsKey("expirationDate")).isFalse();
        assertThat(SampleCredentials.verifiesNow(credential)).isTrue();
    }

    @Test
    void aRequestCannotNameBothVersions() {
        fixture().givenNoPriorActivity()
                .when(issue("c-1", null, "[\"" + V2 + "\",\"" + ContextDocuments.CREDENTIALS_V1 + "\"]"))
                .expectNoEvents()
                .expectExceptionDetails(refusal("@context", "not both"));
    }

    @Test
    void onlyBundledContextsCanBeAdded() {
        fixture().givenNoPriorActivity()
                .when(issue("c-1", null, "[\"https://example.org/other/v1\"]"))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.invalid("@context",
                        "context not available: https://example.org/other/v1"));
    }

    @Test
    void aCredentialMustExpireAfterItsIssuance() {
        fixture().givenNoPriorActivity()
                .when(issue("c-1", "2001-01-01T00:00:00Z", null))
                .expectNoEvents()
                .expectExceptionDetails(refusal("expirationDate", "must be after the issuance date"));
    }

    @Test
    void aCredentialExpiresWithinFourDigitYears() {
        fixture().givenNoPriorActivity()
                .when(issue("c-1", "+10000-01-01T00:00:00Z", null))
                .expectNoEvents()
                .expectExceptionDetails(refusal("expirationDate", "must be at most 9999-12-31T23:59:59Z"));
        fixture().givenNoPriorActivity()
                .when(issue("c-2", "9999-12-31T23:59:59Z", null))
                .expectSuccessfulHandlerExecution();
    }

    @Test
    void aSubjectThatWouldEscapeTheSignatureIsRefused() {
        fixture().givenNoPriorActivity()
                .when(new IssueCredential(TENANT, "c-1", "{\"credentialSubject\":{\"id\":\"orchards/12\"}}", false, null, null))
                .expectNoEvents()
                .expectExceptionDetails(refusal("credentialSubject", "'orchards/12' is not an absolute IRI"));
    }

    private String clientCredential(String context, String dates) {
        return "{\"@context\":[\"" + context + "\",\"" + SampleCredentials.CONTEXTS.traceloomContext() + "\"],"
                + "\"type\":[\"VerifiableCredential\",\"TraceabilityCredential\"],\"issuer\":{\"id\":\"" + did()
                + "\",\"name\":\"Orchard\"}," + dates + "\"credentialSubject\":" + SUBJECT + "}";
    }

    @Test
    void aClientsVc2CredentialIsKeptAsComposedAndCompleted() throws Exception {
        JsonObject credential = recorded(fixture().givenNoPriorActivity()
                .when(vcApi("c-1", clientCredential(V2, "\"validFrom\":\"2026-01-01T00:00:00Z\","),
                        new ProofOptions(Instant.parse("2026-02-03T04:05:06Z"), "abc", "example.org",
                                "authentication", null)))
                .expectSuccessfulHandlerExecution()).credential();

        assertThat(credential.getString("id")).isEqualTo("urn:uuid:c-1");
        assertThat(credential.getJsonObject("issuer").getString("name")).isEqualTo("Orchard");
        assertThat(credential.getString("validFrom")).isEqualTo("2026-01-01T00:00:00Z");
        assertThat(credential.containsKey("validUntil")).isFalse();
        assertThat(credential.getJsonArray("@context")).hasSize(2);
        assertThat(credential.getJsonObject("credentialStatus").getString("type")).isEqualTo("BitstringStatusListEntry");
        JsonObject proof = credential.getJsonObject("proof");
        assertThat(proof.getString("created")).isEqualTo("2026-02-03T04:05:06Z");
        assertThat(proof.getString("proofPurpose")).isEqualTo("authentication");
        assertThat(proof.getString("challenge")).isEqualTo("abc");
        assertThat(proof.getString("domain")).isEqualTo("example.org");
        assertThat(SampleCredentials.SUITE.verify(credential, Instant.now(),
                new Ed25519Proofs.Expectations("authentication", "abc", "example.org"),
                SampleCredentials.budget()).errors()).isEmpty();
    }

    @Test
    void aClientsVc1CredentialGetsTheContextsItsAdditionsNeed() {
        JsonObject credential = recorded(fixture().givenNoPriorActivity()
                .when(vcApi("c-1", clientCredential(ContextDocuments.CREDENTIALS_V1, ""), null))
                .expectSuccessfulHandlerExecution()).credential();

        assertThat(credential.getJsonArray("@context").toString()).contains(ContextDocuments.DATA_INTEGRITY_V2)
                .contains(ContextDocuments.BITSTRING_STATUS_LIST_V1);
        assertThat(credential.containsKey("issuanceDate")).isTrue();
        assertThat(SampleCredentials.verifiesNow(credential)).isTrue();
    }

    @Test
    void aClientsCredentialMustNameThisTenantsIssuer() {
        String stranger = clientCredential(V2, "").replace(did(), "did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK");
        fixture().givenNoPriorActivity()
                .when(vcApi("c-1", stranger, null))
                .expectNoEvents()
                .expectExceptionDetails(refusal("credential.issuer", "must be this tenant's issuer"));
        fixture().givenNoPriorActivity()
                .when(vcApi("c-2", "{\"@context\":[\"" + V2 + "\"],\"type\":[\"VerifiableCredential\"],"
                        + "\"credentialSubject\":{\"id\":\"urn:x:1\"}}", null))
                .expectNoEvents()
                .expectExceptionDetails(refusal("credential.issuer", "is required"));
    }

    @Test
    void aClientsCredentialIsCheckedBeforeAnythingIsSigned() {
        String good = clientCredential(V2, "");
        fixture().givenNoPriorActivity()
                .when(vcApi("c-1", good.replace("\"" + V2 + "\"", "\"https://example.org/first\""), null))
                .expectNoEvents()
                .expectExceptionDetails(refusal("credential.@context", "must begin with"));
        fixture().givenNoPriorActivity()
                .when(vcApi("c-2", good.replace("\"VerifiableCredential\",", ""), null))
                .expectNoEvents()
                .expectExceptionDetails(refusal("credential.type", "must include VerifiableCredential"));
        fixture().givenNoPriorActivity()
                .when(vcApi("c-3", good.replace("\"credentialSubject\"", "\"credentialStatus\":{},\"credentialSubject\""),
                        null))
                .expectNoEvents()
                .expectExceptionDetails(refusal("credential.credentialStatus", "is assigned by the service"));
        fixture().givenNoPriorActivity()
                .when(vcApi("c-4", good, new ProofOptions(null, null, null, "keyAgreement", null)))
                .expectNoEvents()
                .expectExceptionDetails(refusal("options.proofPurpose", "must be one of"));
        fixture().givenNoPriorActivity()
                .when(vcApi("c-5", good, new ProofOptions(null, null, null, null, List.of("urn:uuid:1"))))
                .expectNoEvents()
                .expectExceptionDetails(refusal("options.previousProof", "no proof to follow"));
        fixture().givenNoPriorActivity()
                .when(vcApi("c-6", good.replace("\"product\"", "\"total amount\""), null))
                .expectNoEvents()
                .expectExceptionDetails(refusal("credential.total amount", "not an absolute IRI"));
    }

    @Test
    void aSignedCredentialGetsAnotherProofChainedToItsFirst() throws Exception {
        JsonObject first = recorded(fixture().givenNoPriorActivity()
                .when(vcApi("c-1", clientCredential(V2, ""), null))
                .expectSuccessfulHandlerExecution()).credential();
        String firstProof = first.getJsonObject("proof").getString("id");

        ResultValidator<Credential> chained = fixture().givenNoPriorActivity()
                .when(vcApi("c-2", first.toString(), new ProofOptions(null, null, null, null, List.of(firstProof))))
                .expectSuccessfulHandlerExecution();
        Recorded second = recorded(chained);

        assertThat(second.status()).as("a proof added names no status entry of its own").isNull();
        assertThat(second.credential().getJsonArray("proof")).hasSize(2);
        JsonObject added = second.credential().getJsonArray("proof").getJsonObject(1);
        assertThat(added.getString("previousProof")).isEqualTo(firstProof);
        assertThat(SampleCredentials.verifiesNow(second.credential())).isTrue();
        JsonObject unchained = Json.createObjectBuilder(second.credential()).add("proof", Json.createArrayBuilder()
                .add(added)).build();
        assertThat(SampleCredentials.SUITE.verify(unchained, Instant.now(), SampleCredentials.budget()).errors())
                .anyMatch(error -> error.contains("previousProof names no other proof"));

        fixture().givenNoPriorActivity()
                .when(vcApi("c-3", first.toString(), new ProofOptions(null, null, null, null, List.of("urn:uuid:none"))))
                .expectNoEvents()
                .expectExceptionDetails(refusal("options.previousProof", "names no proof of the credential"));
        JsonObject tampered = Json.createObjectBuilder(first).add("name", "changed").build();
        fixture().givenNoPriorActivity()
                .when(vcApi("c-4", tampered.toString(), null))
                .expectNoEvents()
                .expectExceptionDetails(refusal("credential.proof", "must verify before another is added"));
    }

    private static Object assigned(String id) {
        return new CredentialStatusAssigned(TENANT, id, "list-1", 42, "revocation");
    }

    @Test
    void aCredentialIsRevokedOnce() {
        fixture.given(new CredentialIssued(TENANT, "c-1", "{}"), assigned("c-1"))
                .when(new RevokeCredential(TENANT, "c-1"))
                .expectEvents(new CredentialRevoked(TENANT, "c-1", "list-1", 42, "revocation"))
                .expectResultMessagePayloadMatching(new CustomTypeSafeMatcher<Revocation>("revoked now") {
                    @Override
                    protected boolean matchesSafely(Revocation revocation) {
                        return revocation.revokedNow() && revocation.index() == 42 && revocation.revokedAt() != null;
                    }
                });
        fixture.given(new CredentialIssued(TENANT, "c-1", "{}"), assigned("c-1"),
                        new CredentialRevoked(TENANT, "c-1", "list-1", 42, "revocation"))
                .when(new RevokeCredential(TENANT, "c-1"))
                .expectNoEvents()
                .expectResultMessagePayloadMatching(new CustomTypeSafeMatcher<Revocation>("revoked before") {
                    @Override
                    protected boolean matchesSafely(Revocation revocation) {
                        return !revocation.revokedNow() && revocation.revokedAt() != null;
                    }
                });
    }

    @Test
    void anotherTenantsCredentialCannotBeRevoked() {
        fixture.given(new CredentialIssued(TENANT, "c-1", "{}"), assigned("c-1"))
                .when(new RevokeCredential("tenant-2", "c-1"))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.notFound("Credential 'c-1' does not exist."));
    }

    @Test
    void aCredentialWithoutAStatusEntryCannotBeRevoked() {
        fixture.given(new CredentialIssued(TENANT, "c-1", "{}"))
                .when(new RevokeCredential(TENANT, "c-1"))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.conflict("credentialStatus",
                        "Credential 'c-1' names no status list entry of its own, so it cannot be revoked."));
    }

    private void givenStoredSchema(String tenant, String schema) {
        schemaEvents.publish(new GenericDomainEventMessage<>("Schema", SchemaIds.aggregateId(SCHEMA_ID), 0,
                new SchemaCreated(tenant, SCHEMA_ID, "Product", schema, List.of()), MetaData.emptyInstance(),
                UUID.randomUUID().toString(), Instant.now()));
    }

    private static IssueCredential issueAgainst(String schemaId) {
        return new IssueCredential(TENANT, "c-1", "{\"credentialSubject\":" + SUBJECT + "}", false, null, schemaId);
    }

    @Test
    void aSubjectThatSatisfiesTheStoredSchemaIsIssuedNamingIt() {
        givenStoredSchema(TENANT, PRODUCT_SCHEMA);

        JsonObject credential = recorded(fixture.givenNoPriorActivity().when(issueAgainst(SCHEMA_ID))
                .expectSuccessfulHandlerExecution()).credential();

        JsonObject schema = credential.getJsonObject("credentialSchema");
        assertThat(schema.getString("id")).isEqualTo(SampleCredentials.BASE_URL + "/schemas/" + SCHEMA_ID);
        assertThat(schema.getString("type")).isEqualTo("JsonSchema");
        assertThat(SampleCredentials.verifiesNow(credential)).isTrue();
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

        fixture().givenNoPriorActivity()
                .when(issueAgainst(SCHEMA_ID))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.invalid("schemaId", "There is no schema '" + SCHEMA_ID + "'."));
        fixture().givenNoPriorActivity()
                .when(issueAgainst("no-such-schema"))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.invalid("schemaId", "There is no schema 'no-such-schema'."));
    }
}
