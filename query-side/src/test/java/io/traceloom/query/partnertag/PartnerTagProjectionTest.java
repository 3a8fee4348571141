package io.traceloom.query.partnertag;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.kernel.catalogue.TagPage;
import io.traceloom.kernel.catalogue.TagView;
import io.traceloom.kernel.partnertag.FindPartnerTag;
import io.traceloom.kernel.partnertag.ListPartnerTags;
import io.traceloom.kernel.partnertag.ListPartnerTagsById;
import io.traceloom.kernel.partnertag.PartnerTagCreated;
import io.traceloom.kernel.partnertag.PartnerTagDeleted;
import io.traceloom.kernel.partnertag.PartnerTagRestored;
import io.traceloom.kernel.partnertag.PartnerTagUpdated;
import io.traceloom.query.history.TestHistories;
import io.traceloom.query.readmodel.InMemoryMongo;
import io.traceloom.query.readmodel.ReadModelWriter;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The read model of a tag catalogue, as partner tags use it: every event, every query. */
class PartnerTagProjectionTest {

    private static final Instant T0 = Instant.parse("2026-01-02T03:04:05.678Z");
    private static final Instant T1 = Instant.parse("2026-01-03T00:00:00Z");
    private static final Instant T2 = Instant.parse("2026-01-04T00:00:00Z");

    private final InMemoryMongo mongo = new InMemoryMongo();
    private final PartnerTagProjection projection = new PartnerTagProjection(new ReadModelWriter(mongo.template()));
    private final PartnerTagQueries queries = new PartnerTagQueries(mongo.template(), TestHistories.none());

    @AfterEach
    void tearDown() {
        mongo.close();
    }

    private TagView find(String tenantId, String tagId) {
        return queries.handle(new FindPartnerTag(tenantId, tagId)).orElseThrow();
    }

    @Test
    void aCreatedTagIsLive() {
        projection.on(new PartnerTagCreated("t1", "tag-1", "ACME", "Acme", "Supplier"), T0, 0);

        assertThat(find("t1", "tag-1")).isEqualTo(new TagView("tag-1", "ACME", "Acme", "Supplier", T0, T0, false, null, 0));
    }

    @Test
    void anUpdateChangesNameDescriptionUpdatedAtAndVersionOnly() {
        projection.on(new PartnerTagCreated("t1", "tag-1", "ACME", "Acme", "Supplier"), T0, 0);
        projection.on(new PartnerTagUpdated("t1", "tag-1", "Acme Inc.", null), T1, 4);

        assertThat(find("t1", "tag-1")).isEqualTo(new TagView("tag-1", "ACME", "Acme Inc.", null, T0, T1, false, null, 4));
    }

    @Test
    void aDeletedTagIsMarkedAndARestoredOneIsLiveAgain() {
        projection.on(new PartnerTagCreated("t1", "tag-1", "ACME", "Acme", null), T0, 0);
        projection.on(new PartnerTagDeleted("t1", "tag-1"), T1, 1);
        assertThat(find("t1", "tag-1")).isEqualTo(new TagView("tag-1", "ACME", "Acme", null, T0, T1, true, T1, 1));

        projection.on(new PartnerTagRestored("t1", "tag-1", "Acme again", "back"), T2, 2);
        assertThat(find("t1", "tag-1")).isEqualTo(
                new TagView("tag-1", "ACME", "Acme again", "back", T0, T2, false, null, 2));
    }

    @Test
    void handlingAnEventTwiceChangesNothing() {
        projection.on(new PartnerTagCreated("t1", "tag-1", "ACME", "Acme", null), T0, 0);
        projection.on(new PartnerTagUpdated("t1", "tag-1", "Acme Inc.", null), T1, 1);
        projection.on(new PartnerTagUpdated("t1", "tag-1", "Acme Inc.", null), T1, 1);
        projection.on(new PartnerTagDeleted("t1", "tag-1"), T2, 2);
        projection.on(new PartnerTagDeleted("t1", "tag-1"), T2, 2);

        assertThat(queries.handle(new ListPartnerTags("t1", 1, 10, true)).items())
                .containsExactly(new TagView("tag-1", "ACME", "Acme Inc.", null, T0, T2, true, T2, 2));
    }

    @Test
    void eventsOfATagThatIsNotThereChangeNothing() {
        projection.on(new PartnerTagUpdated("t1", "tag-9", "Ghost", null), T1, 1);
        projection.on(new PartnerTagRestored("t1", "tag-9", "Ghost", null), T1, 2);

        assertThat(queries.handle(new ListPartnerTags("t1", 1, 10, true)).total()).isZero();
    }

    @Test
    void listsPageOldestFirstAndHideDeletedUnlessAsked() {
        for (int i = 0; i < 5; i++) {
            projection.on(new PartnerTagCreated("t1", "tag-" + i, "C" + i, "Tag " + i, null), T0.plusSeconds(i), i);
        }
        projection.on(new PartnerTagDeleted("t1", "tag-1"), T1, 5);

        TagPage live = queries.handle(new ListPartnerTags("t1", 2, 1, false));
        assertThat(live.total()).isEqualTo(4);
        assertThat(live.items()).extracting(TagView::code).containsExactly("C2");

        TagPage all = queries.handle(new ListPartnerTags("t1", 1, 2, true));
        assertThat(all.total()).isEqualTo(5);
        assertThat(all.items()).extracting(TagView::code).containsExactly("C0", "C1");
    }

    @Test
    void tagsOfOneSetShareATimestampAndListInTheSetsOrder() {
        List<String> codes = List.of("Z", "B", "Y", "A", "X", "C");
        for (int i = 0; i < codes.size(); i++) {
            projection.on(new PartnerTagCreated("t1", "tag-" + (char) ('f' - i), codes.get(i), "n", null), T0, i);
        }
        projection.on(new PartnerTagUpdated("t1", "tag-f", "renamed", null), T1, 6);

        assertThat(queries.handle(new ListPartnerTags("t1", 1, 10, false)).items()).extracting(TagView::code)
                .containsExactlyElementsOf(codes);
        assertThat(queries.handle(new ListPartnerTags("t1", 2, 1, false)).items()).extracting(TagView::code)
                .containsExactly("B");
    }

    @Test
    void tagsByIdComeInTheOrderAskedAndOnlyTheTenantsOwn() {
        projection.on(new PartnerTagCreated("t1", "tag-1", "ACME", "Acme", null), T0, 0);
        projection.on(new PartnerTagCreated("t1", "tag-2", "GLOBEX", "Globex", null), T0, 1);
        projection.on(new PartnerTagCreated("t2", "tag-3", "ACME", "Theirs", null), T0, 0);

        TagPage page = queries.handle(new ListPartnerTagsById("t1", List.of("tag-2", "tag-3", "tag-9", "tag-1")));

        assertThat(page.items()).extracting(TagView::id).containsExactly("tag-2", "tag-1");
        assertThat(page.total()).isEqualTo(2);
    }

    @Test
    void anotherTenantsTagsAreInvisible() {
        projection.on(new PartnerTagCreated("t1", "tag-1", "ACME", "Acme", null), T0, 0);

        assertThat(queries.handle(new FindPartnerTag("t2", "tag-1"))).isEmpty();
        assertThat(queries.handle(new ListPartnerTags("t2", 1, 10, true))).isEqualTo(new TagPage(List.of(), 0));
    }

    @Test
    void resetEmptiesTheReadModel() {
        projection.on(new PartnerTagCreated("t1", "tag-1", "ACME", "Acme", null), T0, 0);

        projection.reset();

        assertThat(queries.handle(new ListPartnerTags("t1", 1, 10, true)).total()).isZero();
    }
}
