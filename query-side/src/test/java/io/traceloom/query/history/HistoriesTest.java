package io.traceloom.query.history;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.traceloom.kernel.catalogue.TagSnapshot;
import io.traceloom.kernel.file.FileRenamed;
import io.traceloom.kernel.file.FileSnapshot;
import io.traceloom.kernel.file.FileStored;
import io.traceloom.kernel.history.FindHistory;
import io.traceloom.kernel.history.HistoryPage;
import io.traceloom.kernel.history.RecordedEvent;
import io.traceloom.kernel.idempotency.IdempotencyKeyClaimed;
import io.traceloom.kernel.theme.FindOrganizationTheme;
import io.traceloom.kernel.theme.OrganizationThemeCreated;
import io.traceloom.kernel.theme.OrganizationThemeId;
import io.traceloom.kernel.theme.OrganizationThemeReplaced;
import io.traceloom.kernel.theme.OrganizationThemeView;
import io.traceloom.kernel.tradeitem.FindTradeItem;
import io.traceloom.kernel.tradeitem.TradeItemCreated;
import io.traceloom.kernel.tradeitem.TradeItemDeleted;
import io.traceloom.kernel.tradeitem.TradeItemView;
import io.traceloom.kernel.tradeitemtag.FindTradeItemTag;
import io.traceloom.kernel.tradeitemtag.TradeItemTagCatalogueId;
import io.traceloom.kernel.tradeitemtag.TradeItemTagCreated;
import io.traceloom.kernel.tradeitemtag.TradeItemTagDeleted;
import io.traceloom.query.file.FileHistory;
import io.traceloom.query.file.FileProjection;
import io.traceloom.query.readmodel.InMemoryMongo;
import io.traceloom.query.readmodel.ReadModelWriter;
import io.traceloom.query.theme.OrganizationThemeHistory;
import io.traceloom.query.theme.OrganizationThemeProjection;
import io.traceloom.query.theme.OrganizationThemeQueries;
import io.traceloom.query.tradeitem.TradeItemHistory;
import io.traceloom.query.tradeitem.TradeItemProjection;
import io.traceloom.query.tradeitem.TradeItemQueries;
import io.traceloom.query.tradeitemtag.TradeItemTagHistory;
import io.traceloom.query.tradeitemtag.TradeItemTagProjection;
import io.traceloom.query.tradeitemtag.TradeItemTagQueries;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.axonframework.eventhandling.AnnotationEventHandlerAdapter;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.messaging.GenericMessage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A resource as of any instant is what its projection made of it at that instant: the events are recorded in
 * an event store and handed to the live projections one by one, and after each, the resource rebuilt from the
 * store as of that event's time must equal what the live read model shows.
 */
class HistoriesTest {

    private static final String TENANT = "t1";
    /** With nanoseconds, which the read models keep to milliseconds (as rebuilt resources must). */
    private static final Instant T0 = Instant.parse("2026-03-01T10:00:00.123456789Z");
    private static final String SHA = "a".repeat(64);

    private final InMemoryMongo mongo = new InMemoryMongo();
    private final ReadModelWriter writer = new ReadModelWriter(mongo.template());
    private final TradeItemTagProjection tagProjection = new TradeItemTagProjection(writer);
    private final TradeItemProjection itemProjection = new TradeItemProjection(writer);
    private final FileProjection fileProjection = new FileProjection(writer);
    private final OrganizationThemeProjection themeProjection = new OrganizationThemeProjection(writer);
    private final List<Object> live = List.of(tagProjection, itemProjection, fileProjection, themeProjection);
    private final List<AnnotationEventHandlerAdapter> liveHandlers =
            live.stream().map(AnnotationEventHandlerAdapter::new).toList();
    private final EventStore store = TestHistories.inMemoryStore();
    private final Histories histories = new Histories(store, TestHistories.serializer(),
            mongo.template().getConverter(), type -> live.stream()
            .filter(type::isInstance).findFirst().orElseThrow(),
            List.of(TradeItemTagHistory.TRADE_ITEM_TAGS, TradeItemHistory.TRADE_ITEMS, FileHistory.FILES,
                    OrganizationThemeHistory.ORGANIZATION_THEMES));
    private final TradeItemTagQueries tags = new TradeItemTagQueries(mongo.template(), histories);
    private final TradeItemQueries items = new TradeItemQueries(mongo.template(), histories);
    private final OrganizationThemeQueries themes = new OrganizationThemeQueries(mongo.template(), histories);

    @AfterEach
    void tearDown() {
        mongo.close();
    }

    @Test
    void aTradeItemAsOfEachOfItsMomentsIsWhatItsProjectionShowedThen() {
        String catalogue = TradeItemTagCatalogueId.of(TENANT);
        TagSnapshot organic = new TagSnapshot("tag-1", "ORG", "Organic", "EU", T0, T0, 0);

        record("TradeItemTagCatalogue", catalogue, 0, new TradeItemTagCreated(TENANT, "tag-1", "ORG", "Organic", "EU"),
                at(0));
        record("TradeItemTagCatalogue", catalogue, 1, new TradeItemTagCreated(TENANT, "tag-2", "OTHER", "Other", null),
                at(1));
        Instant created = record("TradeItem", "item-1", 0, new TradeItemCreated(TENANT, "item-1", "Apples", organic),
                at(2));
        assertSameAsLive(created);
        record("TradeItemTagCatalogue", catalogue, 2, new TradeItemTagDeleted(TENANT, "tag-2"), at(3));
        assertSameAsLive(at(3));
        Instant tagDeleted = record("TradeItemTagCatalogue", catalogue, 3, new TradeItemTagDeleted(TENANT, "tag-1"),
                at(4));
        assertSameAsLive(tagDeleted);
        TradeItemView beforeDeletion = items.handle(new FindTradeItem(TENANT, "item-1")).orElseThrow();
        Instant deleted = record("TradeItem", "item-1", 1, new TradeItemDeleted(TENANT, "item-1"), at(5));

        assertThat(items.handle(new FindTradeItem(TENANT, "item-1", deleted))).isEmpty();
        assertThat(items.handle(new FindTradeItem(TENANT, "item-1", deleted.minusMillis(1)))).contains(beforeDeletion);
        assertThat(beforeDeletion.tradeItemTag().deleted()).isTrue();
        assertThat(items.handle(new FindTradeItem(TENANT, "item-1", tagDeleted.minusMillis(1))).orElseThrow()
                .tradeItemTag().deleted()).as("before its tag was deleted").isFalse();
        assertThat(items.handle(new FindTradeItem(TENANT, "item-1", created.minusMillis(1)))).as("before it existed")
                .isEmpty();
        assertThat(items.handle(new FindTradeItem("t2", "item-1", tagDeleted))).as("another tenant's").isEmpty();
        assertThat(tags.handle(new FindTradeItemTag("t2", "tag-1", tagDeleted))).as("another tenant's").isEmpty();
    }

    @Test
    void aThemeFoldsTheRenamesOfTheFilesThatWereItsIconWhileTheyWere() {
        String theme = OrganizationThemeId.of(TENANT);
        record("StoredFile", "logo", 0, new FileStored(TENANT, "logo", "logo.png", "image/png", 42, SHA), at(0));
        record("StoredFile", "photo", 0, new FileStored(TENANT, "photo", "a.jpg", "image/jpeg", 7, SHA), at(1));
        record("OrganizationTheme", theme, 0, new OrganizationThemeCreated(TENANT, "theme-1", "#1A73E8",
                new FileSnapshot("logo", "logo.png", "image/png", 42, SHA, at(0), at(0), 0)), at(2));
        assertSameAsLive(at(2));
        record("StoredFile", "logo", 1, new FileRenamed(TENANT, "logo", "brand.png"), at(3));
        assertSameAsLive(at(3));
        record("OrganizationTheme", theme, 1, new OrganizationThemeReplaced(TENANT, "theme-1", "#000000",
                new FileSnapshot("photo", "a.jpg", "image/jpeg", 7, SHA, at(1), at(1), 0)), at(4));
        assertSameAsLive(at(4));
        record("StoredFile", "logo", 2, new FileRenamed(TENANT, "logo", "old.png"), at(5));
        assertSameAsLive(at(5));
        record("StoredFile", "photo", 1, new FileRenamed(TENANT, "photo", "b.jpg"), at(6));
        assertSameAsLive(at(6));

        assertThat(themes.handle(new FindOrganizationTheme(TENANT, null, at(3))).orElseThrow().icon().key())
                .isEqualTo("brand.png");
        assertThat(themes.handle(new FindOrganizationTheme(TENANT, "theme-1", at(5))).orElseThrow().icon().key())
                .isEqualTo("a.jpg");
        assertThat(themes.handle(new FindOrganizationTheme(TENANT, "theme-2", at(5)))).as("another id").isEmpty();
        assertThat(themes.handle(new FindOrganizationTheme(TENANT, null, at(1)))).as("before it was set").isEmpty();
    }

    @Test
    void aTagsHistoryIsTheCataloguesEventsAboutIt() throws Exception {
        String catalogue = TradeItemTagCatalogueId.of(TENANT);
        record("TradeItemTagCatalogue", catalogue, 0, new TradeItemTagCreated(TENANT, "tag-1", "ORG", "Organic", "EU"),
                at(0), Map.of(RecordedEvent.USER_ID, "user-1", RecordedEvent.REQUEST_ID, "request-1"));
        record("TradeItemTagCatalogue", catalogue, 1, new TradeItemTagCreated(TENANT, "tag-2", "OTHER", "Other", null),
                at(1));
        record("TradeItemTagCatalogue", catalogue, 2, new TradeItemTagDeleted(TENANT, "tag-1"), at(2));

        HistoryPage history = histories.handle(new FindHistory(TENANT, "trade-item-tags", "tag-1", 1, 10)).orElseThrow();

        assertThat(history.total()).isEqualTo(2);
        assertThat(history.lastSequence()).isEqualTo(2);
        assertThat(history.items()).extracting(RecordedEvent::sequence).containsExactly(0L, 2L);
        RecordedEvent created = history.items().get(0);
        assertThat(created.type()).isEqualTo("TradeItemTagCreated");
        assertThat(created.revision()).isEqualTo("1");
        assertThat(created.occurredAt()).isEqualTo(at(0));
        assertThat(created.tenantId()).isEqualTo(TENANT);
        assertThat(created.userId()).isEqualTo("user-1");
        assertThat(created.requestId()).isEqualTo("request-1");
        JsonNode data = new ObjectMapper().readTree(created.data());
        assertThat(data.get("tagId").asText()).isEqualTo("tag-1");
        assertThat(data.get("code").asText()).isEqualTo("ORG");
        assertThat(history.items().get(1).userId()).isNull();

        assertThat(histories.handle(new FindHistory(TENANT, "trade-item-tags", "tag-1", 2, 1)).orElseThrow().items())
                .extracting(RecordedEvent::sequence).containsExactly(2L);
        assertThat(histories.handle(new FindHistory(TENANT, "trade-item-tags", "tag-3", 1, 10))).isEmpty();
        assertThat(histories.handle(new FindHistory("t2", "trade-item-tags", "tag-1", 1, 10))).isEmpty();
    }

    @Test
    void anAggregateOfAnotherTenantOrKindOrOfBookkeepingIsNotTheResource() {
        record("TradeItem", "item-1", 0, new TradeItemCreated(TENANT, "item-1", "Apples", null), at(0));
        record("IdempotencyKey", "item-2", 0, new IdempotencyKeyClaimed(TENANT, "secret", "f", "a"), at(0));
        record("TradeItemTagCatalogue", TradeItemTagCatalogueId.of(TENANT), 0,
                new TradeItemTagDeleted(TENANT, "tag-9"), at(0));

        assertThat(histories.handle(new FindHistory("t2", "trade-items", "item-1", 1, 10))).isEmpty();
        assertThat(histories.handle(new FindHistory(TENANT, "files", "item-1", 1, 10))).as("an aggregate of another kind")
                .isEmpty();
        assertThat(histories.handle(new FindHistory(TENANT, "trade-items", TradeItemTagCatalogueId.of(TENANT), 1, 10)))
                .as("a catalogue, though the item projection handles one of its events").isEmpty();
        assertThat(histories.handle(new FindHistory(TENANT, "trade-items", "item-2", 1, 10))).isEmpty();
        assertThat(histories.asOf(TradeItemHistory.TRADE_ITEMS, TENANT, "item-2", at(1))).isEmpty();
    }

    /** The resources the live read model has now equal those rebuilt as of {@code at}. */
    private void assertSameAsLive(Instant at) {
        for (String tag : List.of("tag-1", "tag-2")) {
            assertThat(tags.handle(new FindTradeItemTag(TENANT, tag, at))).as(tag + " as of " + at)
                    .isEqualTo(tags.handle(new FindTradeItemTag(TENANT, tag)));
        }
        assertThat(items.handle(new FindTradeItem(TENANT, "item-1", at))).as("item as of " + at)
                .isEqualTo(items.handle(new FindTradeItem(TENANT, "item-1")));
        OrganizationThemeView now = themes.handle(new FindOrganizationTheme(TENANT, null)).orElse(null);
        assertThat(themes.handle(new FindOrganizationTheme(TENANT, null, at)).orElse(null)).as("theme as of " + at)
                .isEqualTo(now);
    }

    private static Instant at(int minutes) {
        return T0.plus(Duration.ofMinutes(minutes));
    }

    private Instant record(String type, String aggregateId, long sequence, Object payload, Instant at) {
        return record(type, aggregateId, sequence, payload, at, Map.of());
    }

    /** Appends the event to the store and hands it to the live projections. */
    private Instant record(String type, String aggregateId, long sequence, Object payload, Instant at,
                           Map<String, ?> metaData) {
        GenericDomainEventMessage<Object> event = new GenericDomainEventMessage<>(type, aggregateId, sequence,
                new GenericMessage<>(payload, metaData), at);
        store.publish(event);
        for (AnnotationEventHandlerAdapter projection : liveHandlers) {
            try {
                projection.handle(event);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        }
        return at;
    }
}
