package io.traceloom.query.linkset;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.kernel.linkset.FindLinkSet;
import io.traceloom.kernel.linkset.LinkRecord;
import io.traceloom.kernel.linkset.LinkSetCreated;
import io.traceloom.kernel.linkset.LinkSetDeleted;
import io.traceloom.kernel.linkset.LinkSetReplaced;
import io.traceloom.kernel.linkset.LinkSetView;
import io.traceloom.kernel.linkset.LinkView;
import io.traceloom.kernel.linkset.ListLinkSets;
import io.traceloom.query.history.TestHistories;
import io.traceloom.query.readmodel.InMemoryMongo;
import io.traceloom.query.readmodel.ReadModelWriter;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class LinkSetProjectionTest {

    private static final Instant T1 = Instant.parse("2026-01-03T00:00:00Z");
    private static final Instant T2 = Instant.parse("2026-01-04T00:00:00Z");
    private static final String GTIN = "01/09506000134352";
    private static final LinkRecord PIP = new LinkRecord("gs1:pip", "https://example.com/p", "Product page",
            List.of("en"), null, null);

    private final InMemoryMongo mongo = new InMemoryMongo();
    private final LinkSetProjection projection = new LinkSetProjection(new ReadModelWriter(mongo.template()));
    private final LinkSetQueries queries = new LinkSetQueries(mongo.template(), TestHistories.none());

    @AfterEach
    void tearDown() {
        mongo.close();
    }

    @Test
    void aCreatedLinkSetShowsItsLinksWithTheEventsTimes() {
        projection.on(new LinkSetCreated("t1", "ls-1", GTIN, "10/LOT1", null, List.of(PIP)), T1, 0);

        assertThat(queries.handle(new FindLinkSet("t1", "ls-1"))).contains(new LinkSetView("ls-1", GTIN, "10/LOT1",
                "Product page", List.of(new LinkView("gs1:pip", "Product page", "https://example.com/p", null,
                List.of("en"), T1, T1)), T1, T1, 0));
    }

    @Test
    void aReplaceKeepsTheIdTheCreationTimeAndTheTimesItsEventCarries() {
        projection.on(new LinkSetCreated("t1", "ls-1", GTIN, "", null, List.of(PIP)), T1, 0);

        projection.on(new LinkSetReplaced("t1", "ls-1", GTIN, "21/9", GTIN, "Risotto", List.of(
                new LinkRecord("gs1:pip", "https://example.com/p", "Product page", List.of("en"), T1, T1),
                new LinkRecord("gs1:epil", "https://example.com/l", "Leaflet", List.of(), null, null))), T2, 1);

        LinkSetView view = queries.handle(new FindLinkSet("t1", "ls-1")).orElseThrow();
        assertThat(view.qualifier()).isEqualTo("21/9");
        assertThat(view.itemDescription()).isEqualTo("Risotto");
        assertThat(view.createdAt()).isEqualTo(T1);
        assertThat(view.updatedAt()).isEqualTo(T2);
        assertThat(view.version()).isEqualTo(1);
        assertThat(view.links()).extracting(LinkView::createdAt).containsExactly(T1, T2);
    }

    @Test
    void aDeletedLinkSetIsGoneAndCanComeBack() {
        projection.on(new LinkSetCreated("t1", "ls-1", GTIN, "", null, List.of(PIP)), T1, 0);
        projection.on(new LinkSetDeleted("t1", "ls-1", GTIN));

        assertThat(queries.handle(new FindLinkSet("t1", "ls-1"))).isEmpty();
        assertThat(queries.handle(new ListLinkSets("t1", null, 1, 10)).total()).isZero();

        projection.on(new LinkSetCreated("t1", "ls-1", GTIN, "", null, List.of(PIP)), T2, 2);
        assertThat(queries.handle(new FindLinkSet("t1", "ls-1")).orElseThrow().createdAt()).isEqualTo(T2);
    }

    @Test
    void anotherTenantsLinkSetsAreInvisibleEvenUnderTheSameId() {
        projection.on(new LinkSetCreated("t1", "ls-1", GTIN, "", null, List.of(PIP)), T1, 0);
        projection.on(new LinkSetCreated("t2", "ls-1", GTIN, "10/X", null, List.of(PIP)), T1, 0);

        assertThat(queries.handle(new FindLinkSet("t1", "ls-1")).orElseThrow().qualifier()).isEmpty();
        assertThat(queries.handle(new FindLinkSet("t2", "ls-1")).orElseThrow().qualifier()).isEqualTo("10/X");
        assertThat(queries.handle(new FindLinkSet("t3", "ls-1"))).isEmpty();
        assertThat(queries.handle(new ListLinkSets("t1", null, 1, 10)).total()).isEqualTo(1);
    }

    @Test
    void listsFilterByIdentifierOldestFirst() {
        projection.on(new LinkSetCreated("t1", "b", GTIN, "10/B", null, List.of(PIP)), T2, 0);
        projection.on(new LinkSetCreated("t1", "a", GTIN, "10/A", null, List.of(PIP)), T1, 0);
        projection.on(new LinkSetCreated("t1", "c", "414/9520123456788", "", null, List.of(PIP)), T1, 0);

        assertThat(queries.handle(new ListLinkSets("t1", GTIN, 1, 10)).items()).extracting(LinkSetView::id)
                .containsExactly("a", "b");
        assertThat(queries.handle(new ListLinkSets("t1", null, 1, 2)).items()).extracting(LinkSetView::id)
                .containsExactly("a", "c");
        assertThat(queries.handle(new ListLinkSets("t1", null, 2, 2)).total()).isEqualTo(3);
    }
}
