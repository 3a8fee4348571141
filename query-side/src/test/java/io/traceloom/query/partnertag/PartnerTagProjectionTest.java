package io.traceloom.query.partnertag;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.kernel.catalogue.TagPage;
import io.traceloom.kernel.catalogue.TagSetPlace;
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
import org.axonframework.messaging.MetaData;
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
        projection.on(new PartnerTagCreated("t1", "tag-1", "ACME", "Acme", "Supplier"), T0, 0, MetaData.emptyInstance());

        assertThat(find("t1", "tag-1")).isEqualTo(new TagView("tag-1", "ACME", "Acme", "Supplier", T0, T0, false, null, 0));
    }

    @Test
    void anUpdateChangesNameDescriptionUpdatedAtAndVersionOnly() {
        projection.on(new PartnerTagCreated("t1", "tag-1", "ACME", "Acme", "Supplier"), T0, 0, MetaData.emptyInstance());
        projection.on(new PartnerTagUpdated("t1", "tag-1", "Acme Inc.", null), T1, 4, MetaData.emptyInstance());

        assertThat(find("t1", "tag-1")).isEqualTo(new TagView("tag-1", "ACME", "Acme Inc.", null, T0, T1, false, null, 4));
    }

    @Test
    void aDeletedTagIsMarkedAndARestoredOneIsLiveAgain() {
        projection.on(new PartnerTagCreated("t1", "tag-1", "ACME", "Acme", null), T0, 0, MetaData.emptyInstance());
        projection.on(new PartnerTagDeleted("t1", "tag-1"), T1, 1, MetaData.emptyInstance());
        assertThat(find("t1", "tag-1")).isEqualTo(new TagView("tag-1", "ACME", "Acme", null, T0, T1, true, T1, 1));

        projection.on(new PartnerTagRestored("t1", "tag-1", "Acme again", "back"), T2, 2, MetaData.emptyInstance());
        assertThat(find("t1", "tag-1")).isEqualTo(
                new TagView("tag-1", "ACME", "Acme again", "back", T0, T2, false, null, 2));
    }

    @Test
    void handlingAnEventTwiceChangesNothing() {
        projection.on(new PartnerTagCreated("t1", "tag-1", "ACME", "Acme", null), T0, 0, MetaData.emptyInstance());
        projection.on(new PartnerTagUpdated("t1", "tag-1", "Acme Inc.", null), T1, 1, MetaData.emptyInstance());
        projection.on(new PartnerTagUpdated("t1", "tag-1", "Acme Inc.", null), T1, 1, MetaData.emptyInstance());
        projection.on(new PartnerTagDeleted("t1", "tag-1"), T2, 2, MetaData.emptyInstance());
        projection.on(new PartnerTagDeleted("t1", "tag-1"), T2, 2, MetaData.emptyInstance());

        assertThat(queries.handle(new ListPartnerTags("t1", 1, 10, true)).items())
                .containsExactly(new TagView("tag-1", "ACME", "Acme Inc.", null, T0, T2, true, T2, 2));
    }

    @Test
    void eventsOfATagThatIsNotThereChangeNothing() {
        projection.on(new PartnerTagUpdated("t1", "tag-9", "Ghost", null), T1, 1, MetaData.emptyInstance());
        projection.on(new PartnerTagRestored("t1", "tag-9", "Ghost", null), T1, 2, MetaData.emptyInstance());

        assertThat(queries.handle(new ListPartnerTags("t1", 1, 10, true)).total()).isZero();
    }

    @Test
    void listsPageOldestFirstAndHideDeletedUnlessAsked() {
        for (int i = 0; i < 5; i++) {
            projection.on(new PartnerTagCreated("t1", "tag-" + i, "C" + i, "Tag " + i, null), T0.plusSeconds(i), i, MetaData.emptyInstance());
        }
        projection.on(new PartnerTagDeleted("t1", "tag-1"), T1, 5, MetaData.emptyInstance());

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
            projection.on(new PartnerTagCreated("t1", "tag-" + (char) ('f' - i), codes.get(i), "n", null), T0, i, MetaData.emptyInstance());
        }
        projection.on(new PartnerTagUpdated("t1", "tag-f", "renamed", null), T1, 6, MetaData.emptyInstance());

        assertThat(queries.handle(new ListPartnerTags("t1", 1, 10, false)).items()).extracting(TagView::code)
                .containsExactlyElementsOf(codes);
        assertThat(queries.handle(new ListPartnerTags("t1", 2, 1, false)).items()).extracting(TagView::code)
                .containsExactly("B");
    }

    @Test
    void tagsByIdComeInTheOrderAskedAndOnlyTheTenantsOwn() {
        projection.on(new PartnerTagCreated("t1", "tag-1", "ACME", "Acme", null), T0, 0, MetaData.emptyInstance());
        projection.on(new PartnerTagCreated("t1", "tag-2", "GLOBEX", "Globex", null), T0, 1, MetaData.emptyInstance());
        projection.on(new PartnerTagCreated("t2", "tag-3", "ACME", "Theirs", null), T0, 0, MetaData.emptyInstance());

        TagPage page = queries.handle(new ListPartnerTagsById("t1", List.of("tag-2", "tag-3", "tag-9", "tag-1")));

        assertThat(page.items()).extracting(TagView::id).containsExactly("tag-2", "tag-1");
        assertThat(page.total()).isEqualTo(2);
    }

    @Test
    void anotherTenantsTagsAreInvisible() {
        projection.on(new PartnerTagCreated("t1", "tag-1", "ACME", "Acme", null), T0, 0, MetaData.emptyInstance());

        assertThat(queries.handle(new FindPartnerTag("t2", "tag-1"))).isEmpty();
        assertThat(queries.handle(new ListPartnerTags("t2", 1, 10, true))).isEqualTo(new TagPage(List.of(), 0));
    }

    @Test
    void resetEmptiesTheReadModel() {
        projection.on(new PartnerTagCreated("t1", "tag-1", "ACME", "Acme", null), T0, 0, MetaData.emptyInstance());

        projection.reset();

        assertThat(queries.handle(new ListPartnerTags("t1", 1, 10, true)).total()).isZero();
    }

    private static MetaData inSet(int index, int size) {
        return MetaData.from(new TagSetPlace(index, size).metaData());
    }

    private List<String> names(String tenantId, boolean includeDeleted) {
        return queries.handle(new ListPartnerTags(tenantId, 1, 10, includeDeleted)).items().stream()
                .map(tag -> tag.code() + ":" + tag.name() + (tag.deleted() ? " (deleted)" : "")).toList();
    }

    @Test
    void aSetIsReadWholeOrNotAtAll() {
        projection.on(new PartnerTagCreated("t1", "tag-1", "ACME", "Acme", null), T0, 0, MetaData.emptyInstance());
        projection.on(new PartnerTagCreated("t1", "tag-2", "GLOBEX", "Globex", null), T0, 1, MetaData.emptyInstance());
        List<String> before = List.of("ACME:Acme", "GLOBEX:Globex");

        projection.on(new PartnerTagUpdated("t1", "tag-1", "Acme Inc.", null), T1, 2, inSet(0, 3));
        projection.on(new PartnerTagDeleted("t1", "tag-2"), T1, 3, inSet(1, 3));
        assertThat(names("t1", false)).isEqualTo(before);
        assertThat(names("t1", true)).isEqualTo(before);
        assertThat(queries.handle(new ListPartnerTags("t1", 1, 10, false)).total()).isEqualTo(2);
        assertThat(find("t1", "tag-1").name()).isEqualTo("Acme");
        assertThat(find("t1", "tag-2").deleted()).isFalse();

        projection.on(new PartnerTagCreated("t1", "tag-3", "INITECH", "Initech", null), T1, 4, inSet(2, 3));
        assertThat(names("t1", false)).containsExactly("ACME:Acme Inc.", "INITECH:Initech");
        assertThat(names("t1", true)).containsExactly("ACME:Acme Inc.", "GLOBEX:Globex (deleted)", "INITECH:Initech");
        assertThat(find("t1", "tag-2").deleted()).isTrue();

        projection.on(new PartnerTagDeleted("t1", "tag-1"), T2, 5, inSet(0, 2));
        assertThat(queries.handle(new FindPartnerTag("t1", "tag-1")).orElseThrow().deleted()).isFalse();
        assertThat(queries.handle(new ListPartnerTagsById("t1", List.of("tag-3", "tag-1"))).items())
                .extracting(TagView::name).containsExactly("Initech", "Acme Inc.");
        projection.on(new PartnerTagDeleted("t1", "tag-1"), T2, 5, inSet(0, 2));
        assertThat(names("t1", false)).containsExactly("ACME:Acme Inc.", "INITECH:Initech");
        projection.on(new PartnerTagRestored("t1", "tag-2", "Globex", null), T2, 6, inSet(1, 2));
        assertThat(names("t1", false)).containsExactly("GLOBEX:Globex", "INITECH:Initech");
    }

    @Test
    void aSetHandledAgainAfterItWasWholeIsNotOpenedAgain() {
        projection.on(new PartnerTagCreated("t1", "tag-1", "ACME", "Acme", null), T0, 0, inSet(0, 2));
        projection.on(new PartnerTagCreated("t1", "tag-2", "GLOBEX", "Globex", null), T0, 1, inSet(1, 2));

        projection.on(new PartnerTagCreated("t1", "tag-1", "ACME", "Acme", null), T0, 0, inSet(0, 2));

        assertThat(names("t1", false)).containsExactly("ACME:Acme", "GLOBEX:Globex");
    }

    @Test
    void resetForgetsAnOpenSet() {
        projection.on(new PartnerTagCreated("t1", "tag-1", "ACME", "Acme", null), T0, 0, inSet(0, 2));

        projection.reset();
        projection.on(new PartnerTagCreated("t1", "tag-1", "ACME", "Acme", null), T0, 0, MetaData.emptyInstance());

        assertThat(names("t1", false)).containsExactly("ACME:Acme");
    }
}
