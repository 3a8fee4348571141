package io.traceloom.query.tradeitemtag;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.kernel.catalogue.TagView;
import io.traceloom.kernel.tradeitemtag.FindTradeItemTag;
import io.traceloom.kernel.tradeitemtag.ListTradeItemTags;
import io.traceloom.kernel.tradeitemtag.TradeItemTagCreated;
import io.traceloom.kernel.tradeitemtag.TradeItemTagDeleted;
import io.traceloom.kernel.catalogue.TagPage;
import io.traceloom.query.history.TestHistories;
import io.traceloom.query.readmodel.InMemoryMongo;
import io.traceloom.query.readmodel.ReadModelWriter;
import java.time.Instant;
import org.axonframework.messaging.MetaData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TradeItemTagProjectionTest {

    private static final Instant T0 = Instant.parse("2026-01-02T03:04:05.678Z");
    private static final Instant T1 = Instant.parse("2026-01-03T00:00:00Z");

    private final InMemoryMongo mongo = new InMemoryMongo();
    private final TradeItemTagProjection projection = new TradeItemTagProjection(new ReadModelWriter(mongo.template()));
    private final TradeItemTagQueries queries = new TradeItemTagQueries(mongo.template(), TestHistories.none());

    @AfterEach
    void tearDown() {
        mongo.close();
    }

    @Test
    void aCreatedTagIsLiveAndReadable() {
        projection.on(new TradeItemTagCreated("t1", "tag-1", "ORG", "Organic", "EU organic"), T0, 0, MetaData.emptyInstance());

        assertThat(queries.handle(new FindTradeItemTag("t1", "tag-1"))).contains(
                new TagView("tag-1", "ORG", "Organic", "EU organic", T0, T0, false, null, 0));
    }

    @Test
    void aDeletedTagStaysReadableMarkedDeleted() {
        projection.on(new TradeItemTagCreated("t1", "tag-1", "ORG", "Organic", null), T0, 0, MetaData.emptyInstance());
        projection.on(new TradeItemTagDeleted("t1", "tag-1"), T1, 3, MetaData.emptyInstance());

        assertThat(queries.handle(new FindTradeItemTag("t1", "tag-1"))).contains(
                new TagView("tag-1", "ORG", "Organic", null, T0, T1, true, T1, 3));
    }

    @Test
    void handlingAnEventTwiceChangesNothing() {
        TradeItemTagCreated created = new TradeItemTagCreated("t1", "tag-1", "ORG", "Organic", null);
        projection.on(created, T0, 0, MetaData.emptyInstance());
        projection.on(new TradeItemTagDeleted("t1", "tag-1"), T1, 1, MetaData.emptyInstance());
        projection.on(new TradeItemTagDeleted("t1", "tag-1"), T1, 1, MetaData.emptyInstance());

        assertThat(queries.handle(new ListTradeItemTags("t1", 1, 10, true)).items())
                .containsExactly(new TagView("tag-1", "ORG", "Organic", null, T0, T1, true, T1, 1));
    }

    @Test
    void anotherTenantsTagsAreInvisible() {
        projection.on(new TradeItemTagCreated("t1", "tag-1", "ORG", "Organic", null), T0, 0, MetaData.emptyInstance());

        assertThat(queries.handle(new FindTradeItemTag("t2", "tag-1"))).isEmpty();
        assertThat(queries.handle(new ListTradeItemTags("t2", 1, 10, true))).isEqualTo(
                new TagPage(java.util.List.of(), 0));
    }

    @Test
    void listsPageOldestFirstAndHideDeletedUnlessAsked() {
        for (int i = 0; i < 5; i++) {
            projection.on(new TradeItemTagCreated("t1", "tag-" + i, "C" + i, "Tag " + i, null), T0.plusSeconds(i), i, MetaData.emptyInstance());
        }
        projection.on(new TradeItemTagDeleted("t1", "tag-1"), T1, 5, MetaData.emptyInstance());

        TagPage live = queries.handle(new ListTradeItemTags("t1", 2, 2, false));
        assertThat(live.total()).isEqualTo(4);
        assertThat(live.items()).extracting(TagView::code).containsExactly("C3", "C4");

        TagPage all = queries.handle(new ListTradeItemTags("t1", 1, 2, true));
        assertThat(all.total()).isEqualTo(5);
        assertThat(all.items()).extracting(TagView::code).containsExactly("C0", "C1");

        assertThat(queries.handle(new ListTradeItemTags("t1", 9, 2, true)).items()).isEmpty();
    }

    @Test
    void resetEmptiesTheReadModel() {
        projection.on(new TradeItemTagCreated("t1", "tag-1", "ORG", "Organic", null), T0, 0, MetaData.emptyInstance());

        projection.reset();

        assertThat(queries.handle(new ListTradeItemTags("t1", 1, 10, true)).total()).isZero();
    }
}
