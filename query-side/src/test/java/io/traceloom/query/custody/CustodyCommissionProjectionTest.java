package io.traceloom.query.custody;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.kernel.custody.CustodyCommissionConsumed;
import io.traceloom.kernel.custody.CustodyCommissionCreated;
import io.traceloom.kernel.custody.CustodyCommissionDeleted;
import io.traceloom.kernel.custody.CustodyCommissionPage;
import io.traceloom.kernel.custody.CustodyCommissionUpdated;
import io.traceloom.kernel.custody.CustodyCommissionView;
import io.traceloom.kernel.custody.FindCustodyCommission;
import io.traceloom.kernel.custody.ListCustodyCommissions;
import io.traceloom.query.history.TestHistories;
import io.traceloom.query.readmodel.InMemoryMongo;
import io.traceloom.query.readmodel.ReadModelWriter;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class CustodyCommissionProjectionTest {

    private static final Instant T0 = Instant.parse("2026-01-02T03:04:05.678Z");
    private static final Instant T1 = Instant.parse("2026-01-03T00:00:00Z");
    private static final Instant T2 = Instant.parse("2026-01-04T00:00:00Z");

    private final InMemoryMongo mongo = new InMemoryMongo();
    private final CustodyCommissionProjection projection =
            new CustodyCommissionProjection(new ReadModelWriter(mongo.template()));
    private final CustodyCommissionQueries queries = new CustodyCommissionQueries(mongo.template(), TestHistories.none());

    @AfterEach
    void tearDown() {
        mongo.close();
    }

    private CustodyCommissionView find(String tenantId, String id) {
        return queries.handle(new FindCustodyCommission(tenantId, id)).orElseThrow();
    }

    @Test
    void aCreatedCommissionIsOpen() {
        projection.on(new CustodyCommissionCreated("t1", "c-1", "SSCC-1", List.of("b", "a")), T0, 0);

        assertThat(find("t1", "c-1")).isEqualTo(
                new CustodyCommissionView("c-1", "SSCC-1", List.of("b", "a"), T0, T0, null, null, 0));
    }

    @Test
    void updatesAndTheConsumptionMoveUpdatedAtAndTheVersion() {
        projection.on(new CustodyCommissionCreated("t1", "c-1", "SSCC-1", List.of("a")), T0, 0);
        projection.on(new CustodyCommissionUpdated("t1", "c-1", List.of("c", "d")), T1, 1);
        assertThat(find("t1", "c-1")).isEqualTo(
                new CustodyCommissionView("c-1", "SSCC-1", List.of("c", "d"), T0, T1, null, null, 1));

        projection.on(new CustodyCommissionConsumed("t1", "c-1", "SSCC-1", "d"), T2, 2);
        projection.on(new CustodyCommissionConsumed("t1", "c-1", "SSCC-1", "d"), T2, 2);
        assertThat(find("t1", "c-1")).isEqualTo(
                new CustodyCommissionView("c-1", "SSCC-1", List.of("c", "d"), T0, T2, "d", T2, 2));
    }

    @Test
    void aDeletedCommissionIsGone() {
        projection.on(new CustodyCommissionCreated("t1", "c-1", "SSCC-1", List.of("a")), T0, 0);
        projection.on(new CustodyCommissionDeleted("t1", "c-1", "SSCC-1"));

        assertThat(queries.handle(new FindCustodyCommission("t1", "c-1"))).isEmpty();
        projection.on(new CustodyCommissionUpdated("t1", "c-1", List.of("x")), T1, 2);
        assertThat(queries.handle(new FindCustodyCommission("t1", "c-1"))).isEmpty();
    }

    @Test
    void listsPageOldestFirstAndFilterOnConsumption() {
        for (int i = 0; i < 4; i++) {
            projection.on(new CustodyCommissionCreated("t1", "c-" + i, "SSCC-" + i, List.of("a")), T0.plusSeconds(i), 0);
        }
        projection.on(new CustodyCommissionConsumed("t1", "c-1", "SSCC-1", "a"), T1, 1);
        projection.on(new CustodyCommissionConsumed("t1", "c-3", "SSCC-3", "a"), T1, 1);

        assertThat(queries.handle(new ListCustodyCommissions("t1", null, 2, 1)).items())
                .extracting(CustodyCommissionView::id).containsExactly("c-1");
        CustodyCommissionPage consumed = queries.handle(new ListCustodyCommissions("t1", true, 1, 10));
        assertThat(consumed.items()).extracting(CustodyCommissionView::id).containsExactly("c-1", "c-3");
        assertThat(consumed.total()).isEqualTo(2);
        assertThat(queries.handle(new ListCustodyCommissions("t1", false, 1, 10)).items())
                .extracting(CustodyCommissionView::id).containsExactly("c-0", "c-2");
        assertThat(queries.handle(new ListCustodyCommissions("t1", null, 1, 10)).total()).isEqualTo(4);
    }

    @Test
    void anotherTenantsCommissionsAreInvisible() {
        projection.on(new CustodyCommissionCreated("t1", "c-1", "SSCC-1", List.of("a")), T0, 0);

        assertThat(queries.handle(new FindCustodyCommission("t2", "c-1"))).isEmpty();
        assertThat(queries.handle(new ListCustodyCommissions("t2", null, 1, 10)).total()).isZero();
    }

    @Test
    void resetEmptiesTheReadModel() {
        projection.on(new CustodyCommissionCreated("t1", "c-1", "SSCC-1", List.of("a")), T0, 0);

        projection.reset();

        assertThat(queries.handle(new ListCustodyCommissions("t1", null, 1, 10)).total()).isZero();
    }
}
