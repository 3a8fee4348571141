package io.traceloom.command.credential;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.command.config.CommandSideProperties;
import io.traceloom.command.schema.Schema;
import io.traceloom.command.schema.StoredSchemas;
import io.traceloom.command.schema.engine.JsonSchemas;
import io.traceloom.kernel.credential.CredentialVerification;
import io.traceloom.kernel.credential.VerifyCredential;
import io.traceloom.kernel.schema.SchemaCreated;
import io.traceloom.kernel.schema.SchemaIds;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventsourcing.EventSourcingRepository;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.eventsourcing.eventstore.inmemory.InMemoryEventStorageEngine;
import org.axonframework.messaging.GenericMessage;
import org.axonframework.messaging.MetaData;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A credential from anyone names the schemas its subjects satisfy, and a verifier checks them: each subject
 * against each schema of the verifying tenant, all of it within the credential's deadline, and nothing of another
 * tenant's, whose schema ids are public in every credential that names one.
 */
class CredentialSchemaChecksTest {

    private static final String TENANT = "tenant-1";
    private static final String OTHER_TENANT = "tenant-2";
    private static final String MINE = "aaaaaaaa-0000-4000-8000-000000000001";
    private static final String THEIRS = "bbbbbbbb-0000-4000-8000-000000000002";
    /** Backtracks 2^40 times on the value below: only a deadline ends it. */
    private static final String CATASTROPHIC = "{\"properties\":{\"code\":{\"pattern\":\"^(a+)+\\\\1$\"}}}";
    private static final String CATASTROPHIC_VALUE = "a".repeat(40) + "!";

    private EmbeddedEventStore schemaEvents;
    private StoredSchemas schemas;

    @BeforeEach
    void setUp() {
        schemaEvents = EmbeddedEventStore.builder().storageEngine(new InMemoryEventStorageEngine()).build();
        schemas = new StoredSchemas(EventSourcingRepository.builder(Schema.class).eventStore(schemaEvents).build(),
                schemaEvents, new JsonSchemas(Duration.ofSeconds(1)), properties(Duration.ofSeconds(3)));
    }

    @AfterEach
    void tearDown() {
        schemaEvents.shutDown();
    }

    private static CommandSideProperties properties(Duration credentialTimeout) {
        return new CommandSideProperties(Path.of("unused"), SampleCredentials.BASE_URL,
                new CommandSideProperties.Credentials("", Duration.ofDays(365),
                        CommandSideProperties.Limits.defaults().withTimeout(credentialTimeout)));
    }

    private CredentialVerification verify(Duration credentialTimeout, List<String> schemaIds, int subjects) {
        CredentialVerifier verifier = new CredentialVerifier(SampleCredentials.SUITE, SampleCredentials.CONTEXTS,
                schemas, properties(credentialTimeout));
        JsonArrayBuilder named = Json.createArrayBuilder();
        schemaIds.forEach(id -> named.add(Json.createObjectBuilder().add("id", url(id)).add("type", "JsonSchema")));
        JsonArrayBuilder subject = Json.createArrayBuilder();
        for (int i = 0; i < subjects; i++) {
            subject.add(Json.createObjectBuilder().add("id", "urn:x:" + i).add("code", CATASTROPHIC_VALUE));
        }
        String credential = SampleCredentials.unsigned(SampleCredentials.newKey())
                .add("credentialSchema", named).add("credentialSubject", subject).build().toString();
        VerifyCredential query = new VerifyCredential(TENANT, credential);
        // as the query bus runs it: in a unit of work of its own
        return DefaultUnitOfWork.startAndGet(GenericMessage.asMessage(query))
                .executeWithResult(() -> verifier.handle(query)).getPayload();
    }

    private static String url(String schemaId) {
        return SampleCredentials.BASE_URL + "/schemas/" + schemaId;
    }

    private void givenStoredSchema(String tenant, String schemaId, String schema) {
        schemaEvents.publish(new GenericDomainEventMessage<>("Schema", SchemaIds.aggregateId(schemaId), 0,
                new SchemaCreated(tenant, schemaId, "Codes", schema, List.of()), MetaData.emptyInstance(),
                UUID.randomUUID().toString(), Instant.now()));
    }

    /**
     * Six subjects against a schema whose pattern each takes the whole of a validation's time: the checks end at the
     * credential's deadline, the one it stopped and those it left unmade named, rather than one validation's time
     * after another.
     */
    @Test
    void everyCheckOfTheSubjectsEndsByTheCredentialsDeadline() {
        givenStoredSchema(TENANT, MINE, CATASTROPHIC);

        CredentialVerification verification = verify(Duration.ofMillis(500), List.of(MINE), 6);

        String deadline = "the credential needs more work than traceloom.credentials.limits.timeout (500 ms) allows";
        List<String> checks = verification.errors().stream().filter(error -> error.startsWith("credentialSchema")).toList();
        assertThat(checks).isNotEmpty().allSatisfy(error -> assertThat(error).endsWith(": " + deadline));
        // the check the deadline stopped (if one had started), then one error for every check it left unmade
        assertThat(checks.get(checks.size() - 1)).matches("credentialSchema: (\\d) checks? of a subject against a "
                + "schema not made, from credentialSubject\\[(\\d)] against " + java.util.regex.Pattern.quote(url(MINE))
                + ": .*");
        int unmade = Integer.parseInt(checks.get(checks.size() - 1).split(" ")[1]);
        assertThat(checks.size() - 1 + unmade).isEqualTo(6);
        assertThat(verification.checks()).doesNotContain("credentialSchema");
    }

    /**
     * Another tenant's schema, named beside the tenant's own: it is not checked (nor waited for, nor compiled) and a
     * warning says so; the tenant's own is.
     */
    @Test
    void anotherTenantsSchemaIsNotCheckedAndAWarningSaysSo() {
        givenStoredSchema(TENANT, MINE, "{\"properties\":{\"code\":{\"maxLength\":3}}}");
        givenStoredSchema(OTHER_TENANT, THEIRS, CATASTROPHIC);

        CredentialVerification verification = verify(Duration.ofSeconds(3), List.of(MINE, THEIRS), 6);

        assertThat(verification.warnings()).contains("credentialSchema: " + url(THEIRS)
                + " is not a schema of the verifying tenant, and no other tenant's is checked: not checked");
        assertThat(verification.errors()).filteredOn(error -> error.startsWith("credentialSchema"))
                .hasSize(6).allSatisfy(error -> assertThat(error).startsWith("credentialSchema: " + url(MINE) + ": "));
    }
}
