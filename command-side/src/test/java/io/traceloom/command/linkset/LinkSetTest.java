package io.traceloom.command.linkset;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.command.rejection.RejectionTranslator;
import io.traceloom.kernel.linkset.DeleteLinkSet;
import io.traceloom.kernel.linkset.DigitalLinkKeyClaimed;
import io.traceloom.kernel.linkset.DigitalLinkKeyReleased;
import io.traceloom.kernel.linkset.DigitalLinkKeys;
import io.traceloom.kernel.linkset.LinkInput;
import io.traceloom.kernel.linkset.LinkRecord;
import io.traceloom.kernel.linkset.LinkSetCreated;
import io.traceloom.kernel.linkset.LinkSetDeleted;
import io.traceloom.kernel.linkset.LinkSetReplaced;
import io.traceloom.kernel.linkset.PutLinkSet;
import io.traceloom.kernel.message.Rejection;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
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

class LinkSetTest {

    private static final String TENANT = "tenant-1";
    private static final String GTIN = "01/09506000134352";
    private static final String KEY = GTIN + "/10/LOT1";
    private static final Instant T0 = Instant.parse("2026-01-02T03:04:05.678Z");
    private static final LinkInput PIP = new LinkInput("gs1:pip", "https://example.com/risotto", "Product page",
            List.of("en"));
    private static final LinkInput EPIL = new LinkInput("https://gs1.org/voc/epil", "https://example.com/leaflet",
            "Leaflet", List.of("de-CH", "fr"));

    private AggregateTestFixture<LinkSet> fixture;
    /** The keys live in a store of their own: the fixture's store holds one aggregate. */
    private EmbeddedEventStore keyEvents;

    @BeforeEach
    void setUp() {
        keyEvents = EmbeddedEventStore.builder().storageEngine(new InMemoryEventStorageEngine()).build();
        fixture = new AggregateTestFixture<>(LinkSet.class);
        fixture.registerCommandHandlerInterceptor(new RejectionTranslator());
        fixture.registerInjectableResource(new LinkRules());
        fixture.registerInjectableResource(new KeyClaims(
                EventSourcingRepository.builder(DigitalLinkKey.class).eventStore(keyEvents).build()));
    }

    @AfterEach
    void tearDown() {
        keyEvents.shutDown();
    }

    private static PutLinkSet put(String identifier, String qualifier, LinkInput... links) {
        return new PutLinkSet(TENANT, "ls-1", identifier, qualifier, null, List.of(links), null);
    }

    private static LinkRecord fresh(LinkInput link) {
        return new LinkRecord(link.relationType(), link.href(), link.title(), link.lang(), null, null);
    }

    @Test
    void aLinkSetIsCreatedWithItsKeyNormalisedAndClaimed() {
        fixture.givenNoPriorActivity()
                .when(put("/01/09506000134352", "/10/LOT1", PIP, new LinkInput("gs1:epil", EPIL.href(), "Leaflet",
                        List.of("DE-ch", "FR"))))
                .expectSuccessfulHandlerExecution()
                .expectEvents(new LinkSetCreated(TENANT, "ls-1", GTIN, "10/LOT1", null, List.of(fresh(PIP),
                        new LinkRecord("gs1:epil", EPIL.href(), "Leaflet", List.of("de-CH", "fr"), null, null))));

        assertThat(keyHistory(KEY)).containsExactly(new DigitalLinkKeyClaimed(TENANT, KEY, "ls-1"));
    }

    @Test
    void aReplaceKeepsTheIdAndWhenEachLinkThatIsStillThereAppeared() {
        fixture.givenCurrentTime(T0)
                .andGiven(new LinkSetCreated(TENANT, "ls-1", GTIN, "10/LOT1", null, List.of(fresh(PIP), fresh(EPIL))))
                .when(new PutLinkSet(TENANT, "ls-1", GTIN, "10/LOT1", "Risotto", List.of(
                        new LinkInput("https://ref.gs1.org/voc/pip", PIP.href(), "Product page, new", List.of("en")),
                        new LinkInput("gs1:epil", EPIL.href(), "Leaflet", List.of("fr", "de-CH")),
                        new LinkInput("gs1:epil", EPIL.href(), "Leaflet", List.of("it"))), null))
                .expectEvents(new LinkSetReplaced(TENANT, "ls-1", GTIN, "10/LOT1", KEY, "Risotto", List.of(
                        new LinkRecord("https://ref.gs1.org/voc/pip", PIP.href(), "Product page, new", List.of("en"),
                                T0, null),
                        new LinkRecord("gs1:epil", EPIL.href(), "Leaflet", List.of("fr", "de-CH"), T0, T0),
                        new LinkRecord("gs1:epil", EPIL.href(), "Leaflet", List.of("it"), null, null))));
    }

    @Test
    void aReplaceThatChangesNothingRecordsNothing() {
        fixture.givenCurrentTime(T0)
                .andGiven(new LinkSetCreated(TENANT, "ls-1", GTIN, "10/LOT1", null, List.of(fresh(PIP))))
                .when(put(GTIN, "10/LOT1", PIP))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
    }

    @Test
    void aReplaceWithAnotherKeyReleasesTheOldOneAndClaimsTheNew() {
        givenKey(KEY, new DigitalLinkKeyClaimed(TENANT, KEY, "ls-1"));

        fixture.given(new LinkSetCreated(TENANT, "ls-1", GTIN, "10/LOT1", null, List.of(fresh(PIP))))
                .when(put(GTIN, "10/LOT2", PIP))
                .expectEvents(new LinkSetReplaced(TENANT, "ls-1", GTIN, "10/LOT2", KEY, null, List.of(
                        new LinkRecord("gs1:pip", PIP.href(), PIP.title(), List.of("en"), fixture.currentTime(),
                                fixture.currentTime()))));

        assertThat(keyHistory(KEY)).containsExactly(new DigitalLinkKeyClaimed(TENANT, KEY, "ls-1"),
                new DigitalLinkKeyReleased(TENANT, KEY, "ls-1"));
        assertThat(keyHistory(GTIN + "/10/LOT2")).containsExactly(
                new DigitalLinkKeyClaimed(TENANT, GTIN + "/10/LOT2", "ls-1"));
    }

    @Test
    void aKeyAnotherTenantsLinkSetHoldsIsTakenAndNothingMore() {
        givenKey(KEY, new DigitalLinkKeyClaimed("tenant-2", KEY, "theirs"));

        fixture.givenNoPriorActivity()
                .when(put(GTIN, "10/LOT1", PIP))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.conflict(null,
                        "The GS1 Digital Link key 01/09506000134352/10/LOT1 is taken."));
    }

    @Test
    void aKeyAnotherLinkSetOfTheTenantHoldsIsTakenByThatOne() {
        givenKey(KEY, new DigitalLinkKeyClaimed(TENANT, KEY, "ls-0"));

        fixture.givenNoPriorActivity()
                .when(put(GTIN, "%31%30/LOT1", PIP))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.conflict(null,
                        "The GS1 Digital Link key 01/09506000134352/10/LOT1 is taken by your link set 'ls-0'."));
    }

    @Test
    void aReleasedKeyCanBeClaimedAgain() {
        givenKey(KEY, new DigitalLinkKeyClaimed("tenant-2", KEY, "theirs"),
                new DigitalLinkKeyReleased("tenant-2", KEY, "theirs"));

        fixture.givenNoPriorActivity()
                .when(put(GTIN, "10/LOT1", PIP))
                .expectEvents(new LinkSetCreated(TENANT, "ls-1", GTIN, "10/LOT1", null, List.of(fresh(PIP))));

        assertThat(keyHistory(KEY)).last().isEqualTo(new DigitalLinkKeyClaimed(TENANT, KEY, "ls-1"));
    }

    @Test
    void deletingFreesTheKey() {
        givenKey(KEY, new DigitalLinkKeyClaimed(TENANT, KEY, "ls-1"));

        fixture.given(new LinkSetCreated(TENANT, "ls-1", GTIN, "10/LOT1", null, List.of(fresh(PIP))))
                .when(new DeleteLinkSet(TENANT, "ls-1", null))
                .expectEvents(new LinkSetDeleted(TENANT, "ls-1", KEY));

        assertThat(keyHistory(KEY)).last().isEqualTo(new DigitalLinkKeyReleased(TENANT, KEY, "ls-1"));
    }

    @Test
    void aDeletedLinkSetIsGoneUntilItIsPutAgain() {
        fixture.given(new LinkSetCreated(TENANT, "ls-1", GTIN, "10/LOT1", null, List.of(fresh(PIP))),
                        new LinkSetDeleted(TENANT, "ls-1", KEY))
                .when(new DeleteLinkSet(TENANT, "ls-1", null))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.notFound("Link set 'ls-1' does not exist."));

        fixture.given(new LinkSetCreated(TENANT, "ls-1", GTIN, "10/LOT1", null, List.of(fresh(PIP))),
                        new LinkSetDeleted(TENANT, "ls-1", KEY))
                .when(put(GTIN, "", EPIL))
                .expectEvents(new LinkSetCreated(TENANT, "ls-1", GTIN, "", null, List.of(fresh(EPIL))));
    }

    @Test
    void anIdNobodyPutDoesNotExist() {
        fixture.givenNoPriorActivity()
                .when(new DeleteLinkSet(TENANT, "ls-1", null))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.notFound("The resource does not exist."));
    }

    @Test
    void anExpectedVersionMustBeTheCurrentOne() {
        LinkSetCreated created = new LinkSetCreated(TENANT, "ls-1", GTIN, "", null, List.of(fresh(PIP)));
        fixture.given(created)
                .when(new PutLinkSet(TENANT, "ls-1", GTIN, "", null, List.of(EPIL), 3L))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.versionMismatch(
                        "Link set 'ls-1' has changed: it is at version 0, not 3."));
        fixture.given(created)
                .when(new DeleteLinkSet(TENANT, "ls-1", 1L))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.versionMismatch(
                        "Link set 'ls-1' has changed: it is at version 0, not 1."));
        fixture.givenNoPriorActivity()
                .when(new PutLinkSet(TENANT, "ls-1", GTIN, "", null, List.of(EPIL), 0L))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.versionMismatch(
                        "Link set 'ls-1' does not exist, so it is not at version 0."));
        givenKey(GTIN, new DigitalLinkKeyClaimed(TENANT, GTIN, "ls-1"));
        fixture.given(created)
                .when(new DeleteLinkSet(TENANT, "ls-1", 0L))
                .expectEvents(new LinkSetDeleted(TENANT, "ls-1", GTIN));
    }

    @Test
    void anInvalidKeyIsRefusedNamingItsPart() {
        fixture.givenNoPriorActivity()
                .when(put("01/09506000134353", "", PIP))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.invalid("identifier",
                        "The 01 (GTIN) '09506000134353' has a wrong check digit: 09506000134353 should end in 2."));
        fixture.givenNoPriorActivity()
                .when(put(GTIN, "21/9/10/LOT1", PIP))
                .expectNoEvents()
                .expectException(org.axonframework.commandhandling.CommandExecutionException.class);
    }

    @Test
    void linksMustBePublishableAsGs1Linksets() {
        assertRefused(new LinkInput("gs1:nosuchtype", "https://example.com", "T", List.of()),
                "links[0].relationType", "links[0].relationType is 'gs1:nosuchtype', which is not a link type of the GS1 "
                        + "Web Vocabulary.");
        assertRefused(new LinkInput("gs1:defaultLink", "https://example.com", "T", List.of()),
                "links[0].relationType", null);
        assertRefused(new LinkInput("pip", "https://example.com", "T", List.of()), "links[0].relationType", null);
        assertRefused(new LinkInput("https://example.com/my-rel", "https://example.com", "T", List.of()),
                "links[0].relationType", null);
        assertRefused(new LinkInput("urn:example:rel", "https://example.com", "T", List.of()),
                "links[0].relationType", null);
        assertRefused(new LinkInput("gs1:pip", "ftp://example.com/x", "T", List.of()), "links[0].href",
                "links[0].href must be an absolute http or https URL.");
        assertRefused(new LinkInput("gs1:pip", "/relative", "T", List.of()), "links[0].href", null);
        assertRefused(new LinkInput("gs1:pip", "https://", "T", List.of()), "links[0].href", null);
        assertRefused(new LinkInput("gs1:pip", "https://exa mple.com", "T", List.of()), "links[0].href", null);
        assertRefused(new LinkInput("gs1:pip", "https://example.com", "T", List.of("english")), "links[0].lang[0]",
                null);
        assertRefused(new LinkInput("gs1:pip", "https://example.com", "T", List.of("es-419")), "links[0].lang[0]",
                null);
        assertRefused(new LinkInput("gs1:pip", "https://example.com", "T", List.of("en", "EN")), "links[0].lang[1]",
                "links[0].lang[1] repeats the language en.");
    }

    @Test
    void theSameLinkTwiceIsRefused() {
        fixture.givenNoPriorActivity()
                .when(put(GTIN, "", PIP, EPIL, new LinkInput("https://www.gs1.org/voc/pip", PIP.href(), "Again",
                        List.of("EN"))))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.invalid("links[2]",
                        "links[2] repeats links[0] (the same relationType, href and lang)."));
    }

    @Test
    void otherHttpIrisAndEveryGs1TermAreLinkTypes() {
        List<LinkInput> links = new ArrayList<>();
        links.add(new LinkInput("https://test.uncefact.org/vocabulary/linkTypes/dpp", "https://example.com/dpp",
                "Digital product passport", List.of()));
        for (String term : LinkTypeVocabulary.bundled().terms()) {
            if (!term.startsWith("defaultLink")) {
                links.add(new LinkInput("gs1:" + term, "https://example.com/" + term, term, List.of()));
            }
        }
        fixture.givenNoPriorActivity()
                .when(new PutLinkSet(TENANT, "ls-1", GTIN, "", null, links, null))
                .expectSuccessfulHandlerExecution();
        assertThat(links).hasSize(1 + 58);
    }

    private void assertRefused(LinkInput link, String field, String message) {
        fixture.givenNoPriorActivity()
                .when(put(GTIN, "", link))
                .expectNoEvents()
                .expectExceptionDetails(new org.hamcrest.CustomMatcher<Object>(
                        "an invalid " + field + (message == null ? "" : ": " + message)) {
                    @Override
                    public boolean matches(Object item) {
                        return item instanceof Rejection rejection && rejection.kind() == Rejection.Kind.INVALID
                                && field.equals(rejection.field())
                                && (message == null || message.equals(rejection.message()));
                    }
                });
    }

    private void givenKey(String key, Object... events) {
        String id = DigitalLinkKeys.aggregateId(key);
        for (int sequence = 0; sequence < events.length; sequence++) {
            keyEvents.publish(new GenericDomainEventMessage<>("DigitalLinkKey", id, sequence, events[sequence],
                    MetaData.emptyInstance(), UUID.randomUUID().toString(), T0));
        }
    }

    private List<Object> keyHistory(String key) {
        return keyEvents.readEvents(DigitalLinkKeys.aggregateId(key)).asStream().map(DomainEventMessage::getPayload)
                .map(Object.class::cast).toList();
    }
}
