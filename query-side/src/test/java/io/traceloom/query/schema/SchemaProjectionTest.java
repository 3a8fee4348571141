package io.traceloom.query.schema;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.kernel.schema.FindSchema;
import io.traceloom.kernel.schema.ListSchemas;
import io.traceloom.kernel.schema.SchemaCreated;
import io.traceloom.kernel.schema.SchemaDeleted;
import io.traceloom.kernel.schema.SchemaReplaced;
import io.traceloom.kernel.schema.SchemaView;
import io.traceloom.query.history.TestHistories;
import io.traceloom.query.readmodel.InMemoryMongo;
import io.traceloom.query.readmodel.ReadModelWriter;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SchemaProjectionTest {

    private static final Instant T1 = Instant.parse("2026-01-03T00:00:00Z");
    private static final Instant T2 = Instant.parse("2026-01-04T00:00:00Z");
    /** Keys MongoDB would not take as field names: the schema is stored as its text. */
    private static final String ORDER = "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\","
            + "\"$defs\":{\"a.b\":{\"type\":\"string\"}},\"properties\":{\"lot\":{\"$ref\":\"#/$defs/a.b\"}}}";

    private final InMemoryMongo mongo = new InMemoryMongo();
    private final SchemaProjection projection = new SchemaProjection(new ReadModelWriter(mongo.template()));
    private final SchemaQueries queries = new SchemaQueries(mongo.template(), TestHistories.none());

    @AfterEach
    void tearDown() {
        mongo.close();
    }

    @Test
    void aSchemaIsKeptAsItsTextAndKeepsItsCreationWhenReplaced() {
        projection.on(new SchemaCreated("t1", "s1", "Order", ORDER, List.of()), T1, 0);
        projection.on(new SchemaReplaced("t1", "s1", "Order v2", "{\"type\":\"object\"}", List.of()), T2, 3);

        assertThat(queries.handle(new FindSchema("t1", "s1")))
                .contains(new SchemaView("s1", "Order v2", "{\"type\":\"object\"}", T1, T2, 3));
    }

    @Test
    void aSchemaIsReadBackExactly() {
        projection.on(new SchemaCreated("t1", "s1", "Order", ORDER, List.of()), T1, 0);

        assertThat(queries.handle(new FindSchema("t1", "s1")).orElseThrow().schema()).isEqualTo(ORDER);
    }

    @Test
    void aDeletedSchemaIsGoneAndMayBeCreatedAgain() {
        projection.on(new SchemaCreated("t1", "s1", "Order", ORDER, List.of()), T1, 0);
        projection.on(new SchemaDeleted("t1", "s1"));
        assertThat(queries.handle(new FindSchema("t1", "s1"))).isEmpty();

        projection.on(new SchemaCreated("t1", "s1", "Again", ORDER, List.of()), T2, 2);
        assertThat(queries.handle(new FindSchema("t1", "s1")))
                .contains(new SchemaView("s1", "Again", ORDER, T2, T2, 2));
    }

    @Test
    void anotherTenantsSchemasAreInvisible() {
        projection.on(new SchemaCreated("t1", "s1", "Order", ORDER, List.of()), T1, 0);
        projection.on(new SchemaCreated("t2", "s2", "Theirs", ORDER, List.of()), T1, 0);

        assertThat(queries.handle(new FindSchema("t2", "s1"))).isEmpty();
        assertThat(queries.handle(new ListSchemas("t1", 1, 10)).items()).extracting(SchemaView::id).containsExactly("s1");
        assertThat(queries.handle(new ListSchemas("t1", 1, 10)).total()).isEqualTo(1);
    }
}
