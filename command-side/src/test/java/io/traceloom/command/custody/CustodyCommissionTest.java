package io.traceloom.command.custody;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.command.rejection.RejectionTranslator;
import io.traceloom.kernel.custody.ConsumeCustodyCommission;
import io.traceloom.kernel.custody.CreateCustodyCommission;
import io.traceloom.kernel.custody.CustodyCommissionConsumed;
import io.traceloom.kernel.custody.CustodyCommissionCreated;
import io.traceloom.kernel.custody.CustodyCommissionDeleted;
import io.traceloom.kernel.custody.CustodyCommissionUpdated;
import io.traceloom.kernel.custody.CustodyIdentifierClaimed;
import io.traceloom.kernel.custody.CustodyIdentifierReleased;
import io.traceloom.kernel.custody.CustodyIdentifiers;
import io.traceloom.kernel.custody.DeleteCustodyCommission;
import io.traceloom.kernel.custody.UpdateCustodyCommission;
import io.traceloom.kernel.message.Rejection;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.axonframework.commandhandling.CommandExecutionException;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventsourcing.EventSourcingRepository;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.eventsourcing.eventstore.inmemory.InMemoryEventStorageEngine;
import org.axonframework.messaging.MetaData;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class CustodyCommissionTest {

    private static final String TENANT = "tenant-1";
    private static final String ID = "c-1";
    private static final String IDENTIFIER = "urn:epc:id:sscc:4012345.0000000001";
    private static final Instant T0 = Instant.parse("2026-01-02T03:04:05.678Z");
    private static final CustodyCommissionCreated CREATED =
            new CustodyCommissionCreated(TENANT, ID, IDENTIFIER, List.of("carrier-a", "carrier-b"));

    private AggregateTestFixture<CustodyCommission> fixture;
    /** The identifiers' claims live in a store of their own: the fixture's store holds one aggregate. */
    private EmbeddedEventStore claimEvents;

    @BeforeEach
    void setUp() {
        claimEvents = EmbeddedEventStore.builder().storageEngine(new InMemoryEventStorageEngine()).build();
        IdentifierClaims claims = new IdentifierClaims(
                EventSourcingRepository.builder(CustodyIdentifier.class).eventStore(claimEvents).build(), claimEvents);
        fixture = new AggregateTestFixture<>(CustodyCommission.class);
        fixture.registerCommandHandlerInterceptor(new RejectionTranslator());
        fixture.registerInjectableResource(claims);
        fixture.registerAnnotatedCommandHandler(new CustodyConsumption(claims, fixture.getRepository()));
    }

    @AfterEach
    void tearDown() {
        claimEvents.shutDown();
    }

    /** The commission as the fixture's given events make it, with its identifier claimed. */
    private void givenClaimed(Object... moreClaimEvents) {
        List<Object> events = new java.util.ArrayList<>(List.of(new CustodyIdentifierClaimed(TENANT, IDENTIFIER, ID)));
        events.addAll(List.of(moreClaimEvents));
        for (int sequence = 0; sequence < events.size(); sequence++) {
            claimEvents.publish(new GenericDomainEventMessage<>("CustodyIdentifier",
                    CustodyIdentifiers.aggregateId(TENANT, IDENTIFIER), sequence, events.get(sequence),
                    MetaData.emptyInstance(), UUID.randomUUID().toString(), T0));
        }
    }

    private List<Object> claimHistory(String tenantId, String identifier) {
        return claimEvents.readEvents(CustodyIdentifiers.aggregateId(tenantId, identifier)).asStream()
                .map(DomainEventMessage::getPayload).map(Object.class::cast).toList();
    }

    @Test
    void aCommissionClaimsItsIdentifierAndKeepsItsConsumersInOrder() {
        fixture.givenNoPriorActivity()
                .when(new CreateCustodyCommission(TENANT, ID, IDENTIFIER, List.of("carrier-a", "carrier-b")))
                .expectSuccessfulHandlerExecution()
                .expectEvents(CREATED);

        assertThat(claimHistory(TENANT, IDENTIFIER)).containsExactly(new CustodyIdentifierClaimed(TENANT, IDENTIFIER, ID));
    }

    @Test
    void anIdentifierTheTenantUsesIsAConflict() {
        givenClaimed();

        fixture.givenNoPriorActivity()
                .when(new CreateCustodyCommission(TENANT, "c-2", IDENTIFIER, List.of("carrier-a")))
                .expectNoEvents()
                .expectException(CommandExecutionException.class)
                .expectExceptionDetails(Rejection.conflict("identifier",
                        "A custody commission with identifier '" + IDENTIFIER + "' already exists."));
        assertThat(claimHistory(TENANT, IDENTIFIER)).hasSize(1);
    }

    @Test
    void anotherTenantMayUseTheSameIdentifier() {
        givenClaimed();

        fixture.givenNoPriorActivity()
                .when(new CreateCustodyCommission("tenant-2", "c-2", IDENTIFIER, List.of("carrier-a")))
                .expectEvents(new CustodyCommissionCreated("tenant-2", "c-2", IDENTIFIER, List.of("carrier-a")));
    }

    @Test
    void aConsumerTwiceIsRefusedByItsIndexAndNothingIsClaimed() {
        fixture.givenNoPriorActivity()
                .when(new CreateCustodyCommission(TENANT, ID, IDENTIFIER, List.of("a", "b", "a")))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.invalid("registeredConsumers[2]",
                        "repeats registeredConsumers[0]: each consumer is registered once"));
        assertThat(claimHistory(TENANT, IDENTIFIER)).isEmpty();
    }

    @Test
    void theConsumersCanBeReplacedAndTheSameOnesRecordNothing() {
        fixture.given(CREATED)
                .when(new UpdateCustodyCommission(TENANT, ID, List.of("carrier-c"), null))
                .expectEvents(new CustodyCommissionUpdated(TENANT, ID, List.of("carrier-c")));
        fixture.given(CREATED)
                .when(new UpdateCustodyCommission(TENANT, ID, List.of("carrier-a", "carrier-b"), 0L))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
        fixture.given(CREATED)
                .when(new UpdateCustodyCommission(TENANT, ID, List.of("x", "x"), null))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.invalid("registeredConsumers[1]",
                        "repeats registeredConsumers[0]: each consumer is registered once"));
    }

    @Test
    void anotherTenantsCommissionIsNotFoundBeforeItsVersionOrState() {
        fixture.given(CREATED, new CustodyCommissionConsumed(TENANT, ID, IDENTIFIER, "carrier-a"))
                .when(new UpdateCustodyCommission("tenant-2", ID, List.of("x"), 7L))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.notFound("Custody commission '" + ID + "' does not exist."));
        fixture.given(CREATED, new CustodyCommissionConsumed(TENANT, ID, IDENTIFIER, "carrier-a"))
                .when(new DeleteCustodyCommission("tenant-2", ID, 7L))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.notFound("Custody commission '" + ID + "' does not exist."));
    }

    @Test
    void anExpectedVersionMustBeTheCurrentOne() {
        fixture.given(CREATED, new CustodyCommissionUpdated(TENANT, ID, List.of("x")))
                .when(new UpdateCustodyCommission(TENANT, ID, List.of("y"), 0L))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.versionMismatch(
                        "Custody commission '" + ID + "' has changed: it is at version 1, not 0."));
    }

    @Test
    void aConsumedCommissionNeitherChangesNorGoes() {
        fixture.given(CREATED, new CustodyCommissionConsumed(TENANT, ID, IDENTIFIER, "carrier-a"))
                .when(new UpdateCustodyCommission(TENANT, ID, List.of("carrier-c"), null))
                .expectNoEvents()
                .expectException(CommandExecutionException.class)
                .expectExceptionDetails(Rejection.conflict(null, "Custody commission '" + ID
                        + "' has been consumed: it is the record of a handover and no longer changes."));
        fixture.given(CREATED, new CustodyCommissionConsumed(TENANT, ID, IDENTIFIER, "carrier-a"))
                .when(new DeleteCustodyCommission(TENANT, ID, null))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.conflict(null, "Custody commission '" + ID
                        + "' has been consumed: the record of a handover is kept."));
    }

    @Test
    void deletingAnOpenCommissionReleasesItsIdentifier() {
        givenClaimed();

        fixture.given(CREATED)
                .when(new DeleteCustodyCommission(TENANT, ID, 0L))
                .expectEvents(new CustodyCommissionDeleted(TENANT, ID, IDENTIFIER))
                .expectMarkedDeleted();

        assertThat(claimHistory(TENANT, IDENTIFIER)).containsExactly(new CustodyIdentifierClaimed(TENANT, IDENTIFIER, ID),
                new CustodyIdentifierReleased(TENANT, IDENTIFIER, ID));
    }

    @Test
    void aRegisteredConsumerConsumesItByItsIdentifier() {
        givenClaimed();

        fixture.given(CREATED)
                .when(new ConsumeCustodyCommission(TENANT, IDENTIFIER, "carrier-b"))
                .expectSuccessfulHandlerExecution()
                .expectEvents(new CustodyCommissionConsumed(TENANT, ID, IDENTIFIER, "carrier-b"))
                .expectResultMessagePayload(ID);
    }

    @Test
    void aConsumedCommissionIsNothingToConsumeWhoeverAsks() {
        givenClaimed();
        Rejection nothing = Rejection.notFound(
                "There is no custody commission with identifier '" + IDENTIFIER + "' to consume.");

        fixture.given(CREATED, new CustodyCommissionConsumed(TENANT, ID, IDENTIFIER, "carrier-a"))
                .when(new ConsumeCustodyCommission(TENANT, IDENTIFIER, "carrier-b"))
                .expectNoEvents()
                .expectExceptionDetails(nothing);
        fixture.given(CREATED, new CustodyCommissionConsumed(TENANT, ID, IDENTIFIER, "carrier-a"))
                .when(new ConsumeCustodyCommission(TENANT, IDENTIFIER, "not-registered"))
                .expectNoEvents()
                .expectExceptionDetails(nothing);
    }

    @Test
    void anUnknownOrWithdrawnIdentifierIsNothingToConsume() {
        Rejection nothing = Rejection.notFound("There is no custody commission with identifier 'unknown' to consume.");
        fixture.givenNoPriorActivity()
                .when(new ConsumeCustodyCommission(TENANT, "unknown", "carrier-a"))
                .expectNoEvents()
                .expectExceptionDetails(nothing);

        givenClaimed(new CustodyIdentifierReleased(TENANT, IDENTIFIER, ID));
        fixture.givenNoPriorActivity()
                .when(new ConsumeCustodyCommission(TENANT, IDENTIFIER, "carrier-a"))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.notFound(
                        "There is no custody commission with identifier '" + IDENTIFIER + "' to consume."));
        fixture.givenNoPriorActivity()
                .when(new ConsumeCustodyCommission("tenant-2", IDENTIFIER, "carrier-a"))
                .expectNoEvents()
                .expectException(CommandExecutionException.class);
    }

    /**
     * A consume looks the holder up without the identifier's lock, then loads the commission: one withdrawn in
     * between is gone when loaded, and the identifier then leads nowhere else. The answer is that of any commission
     * there is nothing to consume of.
     */
    @Test
    void aHolderWithdrawnBetweenTheLookupAndTheLoadIsNothingToConsume() {
        givenClaimed(); // the lookup finds it: the claim's release is not seen yet

        fixture.given(CREATED, new CustodyCommissionDeleted(TENANT, ID, IDENTIFIER))
                .when(new ConsumeCustodyCommission(TENANT, IDENTIFIER, "carrier-a"))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.notFound(
                        "There is no custody commission with identifier '" + IDENTIFIER + "' to consume."));
    }

    @Test
    void onlyARegisteredConsumerMayConsume() {
        givenClaimed();

        fixture.given(CREATED)
                .when(new ConsumeCustodyCommission(TENANT, IDENTIFIER, "carrier-z"))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.invalid("consumedBy",
                        "is not a registered consumer of this custody commission"));
    }
}
