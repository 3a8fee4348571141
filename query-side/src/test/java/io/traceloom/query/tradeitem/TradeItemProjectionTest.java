package io.traceloom.query.tradeitem;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.kernel.catalogue.TagSnapshot;
import io.traceloom.kernel.catalogue.TagView;
import io.traceloom.kernel.tradeitem.FindTradeItem;
import io.traceloom.kernel.tradeitem.ListTradeItems;
import io.traceloom.kernel.tradeitem.TradeItemCreated;
import io.traceloom.kernel.tradeitem.TradeItemDeleted;
import io.traceloom.kernel.tradeitem.TradeItemView;
import io.traceloom.kernel.tradeitemtag.TradeItemTagDeleted;
import io.traceloom.kernel.tradeitemtag.TradeItemTagRestored;
import io.traceloom.kernel.tradeitemtag.TradeItemTagUpdated;
import io.traceloom.query.history.TestHistories;
import io.traceloom.query.readmodel.InMemoryMongo;
import io.traceloom.query.readmodel.ReadModelWriter;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TradeItemProjectionTest {

    private static final Instant T0 = Instant.parse("2026-01-02T03:04:05.678Z");
    private static final Instant T1 = Instant.parse("2026-01-03T00:00:00Z");
    private static final Instant T2 = Instant.parse("2026-01-04T00:00:00Z");
    private static final TagSnapshot ORGANIC =
            new TagSnapshot("tag-1", "ORG", "Organic", "EU organic", T0, T0, 0);

    private final InMemoryMongo mongo = new InMemoryMongo();
    private final TradeItemProjection projection = new TradeItemProjection(new ReadModelWriter(mongo.template()));
    private final TradeItemQueries queries = new TradeItemQueries(mongo.template(), TestHistories.none());

    @AfterEach
    void tearDown() {
        mongo.close();
    }

    @Test
    void anItemEmbedsItsTag() {
        projection.on(new TradeItemCreated("t1", "item-1", "Apples", ORGANIC), T1, 0);

        assertThat(queries.handle(new FindTradeItem("t1", "item-1"))).contains(new TradeItemView("item-1", "Apples",
                new TagView("tag-1", "ORG", "Organic", "EU organic", T0, T0, false, null, 0), 0));
    }

    @Test
    void anItemWithoutTagHasNone() {
        projection.on(new TradeItemCreated("t1", "item-1", "Apples", null), T1, 0);

        assertThat(queries.handle(new FindTradeItem("t1", "item-1")))
                .contains(new TradeItemView("item-1", "Apples", null, 0));
    }

    @Test
    void deletingTheTagMarksItDeletedOnEveryItemOfTheTenant() {
        projection.on(new TradeItemCreated("t1", "item-1", "Apples", ORGANIC), T1, 0);
        projection.on(new TradeItemCreated("t1", "item-2", "Pears", ORGANIC), T1, 0);
        projection.on(new TradeItemCreated("t1", "item-3", "Plums", null), T1, 0);
        projection.on(new TradeItemCreated("t2", "item-4", "Kiwis",
                new TagSnapshot("tag-1", "ORG", "Same id, other tenant", null, T0, T0, 0)), T1, 0);

        projection.on(new TradeItemTagDeleted("t1", "tag-1"), T2, 4);

        TagView deleted = new TagView("tag-1", "ORG", "Organic", "EU organic", T0, T2, true, T2, 4);
        assertThat(queries.handle(new FindTradeItem("t1", "item-1")).orElseThrow().tradeItemTag()).isEqualTo(deleted);
        assertThat(queries.handle(new FindTradeItem("t1", "item-2")).orElseThrow().tradeItemTag()).isEqualTo(deleted);
        assertThat(queries.handle(new FindTradeItem("t1", "item-3")).orElseThrow().tradeItemTag()).isNull();
        assertThat(queries.handle(new FindTradeItem("t2", "item-4")).orElseThrow().tradeItemTag().deleted()).isFalse();
    }

    @Test
    void theEmbeddedTagFollowsItsUpdatesAndItsRestoration() {
        projection.on(new TradeItemCreated("t1", "item-1", "Apples", ORGANIC), T1, 0);
        projection.on(new TradeItemCreated("t1", "item-2", "Plums", null), T1, 0);

        projection.on(new TradeItemTagUpdated("t1", "tag-1", "Organic (EU)", null), T1, 2);
        assertThat(queries.handle(new FindTradeItem("t1", "item-1")).orElseThrow().tradeItemTag()).isEqualTo(
                new TagView("tag-1", "ORG", "Organic (EU)", null, T0, T1, false, null, 2));

        projection.on(new TradeItemTagDeleted("t1", "tag-1"), T2, 3);
        projection.on(new TradeItemTagRestored("t1", "tag-1", "Organic", "back"), T2.plusSeconds(1), 4);
        assertThat(queries.handle(new FindTradeItem("t1", "item-1")).orElseThrow().tradeItemTag()).isEqualTo(
                new TagView("tag-1", "ORG", "Organic", "back", T0, T2.plusSeconds(1), false, null, 4));
        assertThat(queries.handle(new FindTradeItem("t1", "item-2")).orElseThrow().tradeItemTag()).isNull();
    }

    @Test
    void aDeletedItemIsGone() {
        projection.on(new TradeItemCreated("t1", "item-1", "Apples", null), T1, 0);
        projection.on(new TradeItemDeleted("t1", "item-1"));

        assertThat(queries.handle(new FindTradeItem("t1", "item-1"))).isEmpty();
        assertThat(queries.handle(new ListTradeItems("t1", 1, 10)).total()).isZero();
    }

    @Test
    void anotherTenantsItemsAreInvisible() {
        projection.on(new TradeItemCreated("t1", "item-1", "Apples", null), T1, 0);

        assertThat(queries.handle(new FindTradeItem("t2", "item-1"))).isEmpty();
        assertThat(queries.handle(new ListTradeItems("t2", 1, 10)).items()).isEmpty();
    }

    @Test
    void resetEmptiesTheReadModel() {
        projection.on(new TradeItemCreated("t1", "item-1", "Apples", null), T1, 0);

        projection.reset();

        assertThat(queries.handle(new ListTradeItems("t1", 1, 10)).total()).isZero();
    }
}
