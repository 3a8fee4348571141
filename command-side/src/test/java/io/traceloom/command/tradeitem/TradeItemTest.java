package io.traceloom.command.tradeitem;

import io.traceloom.command.rejection.RejectionTranslator;
import io.traceloom.command.tradeitemtag.CatalogueLiveTradeItemTags;
import io.traceloom.command.tradeitemtag.TradeItemTagCatalogue;
import io.traceloom.kernel.catalogue.TagSnapshot;
import io.traceloom.kernel.message.Rejection;
import io.traceloom.kernel.tradeitem.CreateTradeItem;
import io.traceloom.kernel.tradeitem.DeleteTradeItem;
import io.traceloom.kernel.tradeitem.TradeItemCreated;
import io.traceloom.kernel.tradeitem.TradeItemDeleted;
import io.traceloom.kernel.tradeitemtag.TradeItemTagCatalogueId;
import io.traceloom.kernel.tradeitemtag.TradeItemTagCreated;
import io.traceloom.kernel.tradeitemtag.TradeItemTagDeleted;
import java.time.Instant;
import java.util.UUID;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventsourcing.EventSourcingRepository;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.eventsourcing.eventstore.inmemory.InMemoryEventStorageEngine;
import org.axonframework.messaging.MetaData;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class TradeItemTest {

    private static final String TENANT = "tenant-1";
    private static final Instant TAGGED_AT = Instant.parse("2026-01-02T03:04:05.678Z");
    private static final TagSnapshot ORGANIC =
            new TagSnapshot("tag-1", "ORG", "Organic", "EU organic", TAGGED_AT, TAGGED_AT, 0);

    private AggregateTestFixture<TradeItem> fixture;
    /** The tenant's tag catalogue lives in a store of its own: the fixture's store holds one aggregate. */
    private EmbeddedEventStore catalogueEvents;

    @BeforeEach
    void setUp() {
        catalogueEvents = EmbeddedEventStore.builder().storageEngine(new InMemoryEventStorageEngine()).build();
        fixture = new AggregateTestFixture<>(TradeItem.class);
        fixture.registerCommandHandlerInterceptor(new RejectionTranslator());
        fixture.registerAnnotatedCommandHandler(new TradeItemCommandHandler(fixture.getRepository(),
                new CatalogueLiveTradeItemTags(
                        EventSourcingRepository.builder(TradeItemTagCatalogue.class).eventStore(catalogueEvents).build())));
    }

    @AfterEach
    void tearDown() {
        catalogueEvents.shutDown();
    }

    @Test
    void anItemWithoutATagIsCreated() {
        fixture.givenNoPriorActivity()
                .when(new CreateTradeItem(TENANT, "item-1", "Apples", null))
                .expectSuccessfulHandlerExecution()
                .expectResultMessagePayload("item-1")
                .expectEvents(new TradeItemCreated(TENANT, "item-1", "Apples", null));
    }

    @Test
    void anItemCarriesTheTagAsItStood() {
        givenCatalogue(new TradeItemTagCreated(TENANT, "tag-1", "ORG", "Organic", "EU organic"));

        fixture.givenNoPriorActivity()
                .when(new CreateTradeItem(TENANT, "item-1", "Apples", "ORG"))
                .expectEvents(new TradeItemCreated(TENANT, "item-1", "Apples", ORGANIC));
    }

    @Test
    void anUnknownTagIsRefused() {
        givenCatalogue(new TradeItemTagCreated(TENANT, "tag-1", "ORG", "Organic", "EU organic"));

        fixture.givenNoPriorActivity()
                .when(new CreateTradeItem(TENANT, "item-1", "Apples", "FT"))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.invalid("tradeItemTag",
                        "There is no live trade item tag with code 'FT'."));
    }

    @Test
    void aTagIsUnknownWhileTheTenantHasNone() {
        fixture.givenNoPriorActivity()
                .when(new CreateTradeItem(TENANT, "item-1", "Apples", "ORG"))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.invalid("tradeItemTag",
                        "There is no live trade item tag with code 'ORG'."));
    }

    @Test
    void aDeletedTagIsRefused() {
        givenCatalogue(new TradeItemTagCreated(TENANT, "tag-1", "ORG", "Organic", null),
                new TradeItemTagDeleted(TENANT, "tag-1"));

        fixture.givenNoPriorActivity()
                .when(new CreateTradeItem(TENANT, "item-1", "Apples", "ORG"))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.invalid("tradeItemTag",
                        "There is no live trade item tag with code 'ORG'."));
    }

    @Test
    void tagsOfAnotherTenantAreNotVisible() {
        givenCatalogue(new TradeItemTagCreated(TENANT, "tag-1", "ORG", "Organic", null));

        fixture.givenNoPriorActivity()
                .when(new CreateTradeItem("tenant-2", "item-1", "Apples", "ORG"))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.invalid("tradeItemTag",
                        "There is no live trade item tag with code 'ORG'."));
    }

    @Test
    void anItemIsDeleted() {
        fixture.given(new TradeItemCreated(TENANT, "item-1", "Apples", null))
                .when(new DeleteTradeItem(TENANT, "item-1", null))
                .expectEvents(new TradeItemDeleted(TENANT, "item-1"));
    }

    @Test
    void aDeletedItemIsGone() {
        fixture.given(new TradeItemCreated(TENANT, "item-1", "Apples", null), new TradeItemDeleted(TENANT, "item-1"))
                .when(new DeleteTradeItem(TENANT, "item-1", null))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.notFound("The resource does not exist."));
    }

    @Test
    void anotherTenantsItemDoesNotExist() {
        fixture.given(new TradeItemCreated(TENANT, "item-1", "Apples", null))
                .when(new DeleteTradeItem("tenant-2", "item-1", null))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.notFound("Trade item 'item-1' does not exist."));
    }

    @Test
    void anotherTenantsItemDoesNotExistWhateverVersionIsExpected() {
        fixture.given(new TradeItemCreated(TENANT, "item-1", "Apples", null))
                .when(new DeleteTradeItem("tenant-2", "item-1", 5L))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.notFound("Trade item 'item-1' does not exist."));
    }

    @Test
    void deletingAnotherVersionThanTheCallerSawIsRefused() {
        fixture.given(new TradeItemCreated(TENANT, "item-1", "Apples", null))
                .when(new DeleteTradeItem(TENANT, "item-1", -1L))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.versionMismatch(
                        "Trade item 'item-1' has changed: it is at version 0, not -1."));
    }

    @Test
    void deletingTheVersionTheCallerSawSucceeds() {
        fixture.given(new TradeItemCreated(TENANT, "item-1", "Apples", null))
                .when(new DeleteTradeItem(TENANT, "item-1", 0L))
                .expectEvents(new TradeItemDeleted(TENANT, "item-1"));
    }

    private void givenCatalogue(Object... events) {
        String catalogueId = TradeItemTagCatalogueId.of(TENANT);
        for (int sequence = 0; sequence < events.length; sequence++) {
            catalogueEvents.publish(new GenericDomainEventMessage<>("TradeItemTagCatalogue", catalogueId, sequence,
                    events[sequence], MetaData.emptyInstance(), UUID.randomUUID().toString(), TAGGED_AT));
        }
    }
}
