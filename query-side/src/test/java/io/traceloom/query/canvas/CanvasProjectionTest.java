package io.traceloom.query.canvas;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.kernel.canvas.CanvasTemplateCreated;
import io.traceloom.kernel.canvas.CanvasTemplateDeleted;
import io.traceloom.kernel.canvas.CanvasTemplateInstanceView;
import io.traceloom.kernel.canvas.CanvasTemplateRendered;
import io.traceloom.kernel.canvas.CanvasTemplateReplaced;
import io.traceloom.kernel.canvas.CanvasTemplateView;
import io.traceloom.kernel.canvas.FindCanvasTemplate;
import io.traceloom.kernel.canvas.FindCanvasTemplateInstance;
import io.traceloom.kernel.canvas.ListCanvasTemplates;
import io.traceloom.query.history.TestHistories;
import io.traceloom.query.readmodel.InMemoryMongo;
import io.traceloom.query.readmodel.ReadModelWriter;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class CanvasProjectionTest {

    private static final Instant T1 = Instant.parse("2026-01-03T00:00:00Z");
    private static final Instant T2 = Instant.parse("2026-01-04T00:00:00Z");
    private static final String SCHEMA = "{\"$defs\":{\"a.b\":{}},\"properties\":{\"lot\":{\"$ref\":\"#/$defs/a.b\"}}}";

    private final InMemoryMongo mongo = new InMemoryMongo();
    private final ReadModelWriter writer = new ReadModelWriter(mongo.template());
    private final CanvasTemplateProjection templates = new CanvasTemplateProjection(writer);
    private final CanvasTemplateInstanceProjection instances = new CanvasTemplateInstanceProjection(writer);
    private final CanvasQueries queries = new CanvasQueries(mongo.template(), TestHistories.none());

    @AfterEach
    void tearDown() {
        mongo.close();
    }

    @Test
    void aTemplateKeepsItsCreationWhenReplaced() {
        templates.on(new CanvasTemplateCreated("t1", "c1", "Label", "{{lot}}", SCHEMA, null, List.of()), T1, 0);
        templates.on(new CanvasTemplateReplaced("t1", "c1", "Label 2", "[{{lot}}]", null, "s1", List.of("s1")), T2, 1);

        assertThat(queries.handle(new FindCanvasTemplate("t1", "c1")))
                .contains(new CanvasTemplateView("c1", "Label 2", "[{{lot}}]", null, "s1", T1, T2, 1));
    }

    @Test
    void aDeletedTemplateIsGoneAndWhatWasRenderedFromItStays() {
        templates.on(new CanvasTemplateCreated("t1", "c1", "Label", "{{lot}}", SCHEMA, null, List.of()), T1, 0);
        instances.on(new CanvasTemplateRendered("t1", "i1", "c1", 0, "{\"lot\":\"L1\"}", "L1", "u1"), T1);
        templates.on(new CanvasTemplateDeleted("t1", "c1"));

        assertThat(queries.handle(new FindCanvasTemplate("t1", "c1"))).isEmpty();
        assertThat(queries.handle(new FindCanvasTemplateInstance("t1", "i1")))
                .contains(new CanvasTemplateInstanceView("i1", "c1", 0, "{\"lot\":\"L1\"}", "L1", "u1", T1));
    }

    @Test
    void anotherTenantsTemplatesAndRendersAreInvisible() {
        templates.on(new CanvasTemplateCreated("t1", "c1", "Label", "{{lot}}", SCHEMA, null, List.of()), T1, 0);
        templates.on(new CanvasTemplateCreated("t2", "c2", "Theirs", "{{lot}}", SCHEMA, null, List.of()), T1, 0);
        instances.on(new CanvasTemplateRendered("t1", "i1", "c1", 0, "{}", "", "u1"), T1);

        assertThat(queries.handle(new FindCanvasTemplate("t2", "c1"))).isEmpty();
        assertThat(queries.handle(new FindCanvasTemplateInstance("t2", "i1"))).isEmpty();
        assertThat(queries.handle(new ListCanvasTemplates("t1", 1, 10)).items()).extracting(CanvasTemplateView::id)
                .containsExactly("c1");
    }
}
