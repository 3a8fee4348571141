package io.traceloom.query.readmodel;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.query.tradeitem.TradeItemDocument;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.GenericEventMessage;
import org.axonframework.messaging.DefaultInterceptorChain;
import org.axonframework.messaging.unitofwork.BatchingUnitOfWork;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TenantListsTest {

    private static final int CHUNK = TenantLists.CHUNK;

    private final InMemoryMongo mongo = new InMemoryMongo();
    private final ReadModelWriter writer = new ReadModelWriter(mongo.template());

    @AfterEach
    void tearDown() {
        mongo.close();
    }

    private TenantLists lists() {
        return writer.lists(TradeItemDocument.class);
    }

    private TenantLists.Page page(String tenantId, int page, int limit) {
        return TenantLists.page(mongo.template(), TradeItemDocument.class, tenantId, page, limit);
    }

    /** What append answered, which a projection keeps in the document. */
    private final Map<String, Integer> chunkOf = new HashMap<>();

    private void append(String tenantId, String id) {
        chunkOf.put(tenantId + "/" + id, lists().append(tenantId, id));
    }

    private void remove(String tenantId, String id) {
        lists().remove(tenantId, id, chunkOf.getOrDefault(tenantId + "/" + id, 0));
    }

    private static List<String> ids(String prefix, int count) {
        return IntStream.range(0, count).mapToObj(i -> prefix + i).toList();
    }

    /** Every page of every size the API allows, against the same page cut from the expected list. */
    private void assertPages(String tenantId, List<String> expected) {
        for (int limit : new int[] {1, 7, 100, CHUNK, CHUNK + 1}) {
            for (int page = 1; (long) (page - 1) * limit <= expected.size(); page++) {
                int from = (page - 1) * limit;
                assertThat(page(tenantId, page, limit))
                        .as("page %d of %d", page, limit)
                        .isEqualTo(new TenantLists.Page(
                                expected.subList(from, Math.min(expected.size(), from + limit)), expected.size()));
            }
        }
    }

    @Test
    void pagesFollowTheOrderOfCreationAcrossChunks() {
        List<String> created = ids("item-", CHUNK * 2 + 17);
        created.forEach(id -> append("t1", id));

        assertPages("t1", created);
        assertThat(page("t1", 100, 100)).isEqualTo(new TenantLists.Page(List.of(), created.size()));
    }

    @Test
    void aRemovedIdLeavesItsPlaceAndTheTotal() {
        List<String> expected = new ArrayList<>(ids("item-", CHUNK * 3));
        expected.forEach(id -> append("t1", id));

        for (String gone : List.of("item-0", "item-" + (CHUNK + 5), "item-" + (CHUNK * 3 - 1))) {
            remove("t1", gone);
            expected.remove(gone);
        }
        IntStream.range(CHUNK * 2, CHUNK * 2 + CHUNK / 2).forEach(i -> {
            remove("t1", "item-" + i);
            expected.remove("item-" + i);
        });
        append("t1", "late");
        expected.add("late");

        assertPages("t1", expected);
    }

    @Test
    void appendingOrRemovingTwiceChangesNothing() {
        append("t1", "a");
        append("t1", "b");
        append("t1", "a");
        remove("t1", "b");
        remove("t1", "b");
        remove("t1", "never");
        lists().remove("t1", "a", 7);

        assertThat(page("t1", 1, 10)).isEqualTo(new TenantLists.Page(List.of("a"), 1));
    }

    @Test
    void tenantsKeepListsOfTheirOwnWhateverTheirIds() {
        append("a", "b:c");
        append("a:b", "c");
        append("a:b", "d");

        assertThat(page("a", 1, 10)).isEqualTo(new TenantLists.Page(List.of("b:c"), 1));
        assertThat(page("a:b", 1, 10)).isEqualTo(new TenantLists.Page(List.of("c", "d"), 2));
        assertThat(page("nobody", 1, 10)).isEqualTo(new TenantLists.Page(List.of(), 0));
    }

    /** Appends each id as a processor's batch of events does: written once the last is handled. */
    private void appendInOneBatch(String tenantId, List<String> ids) {
        List<EventMessage<?>> events = ids.stream().<EventMessage<?>>map(GenericEventMessage::asEventMessage).toList();
        BatchingUnitOfWork<EventMessage<?>> batch = new BatchingUnitOfWork<>(events);
        assertThat(batch.executeWithResult(() -> new DefaultInterceptorChain<>(batch, List.of(new ReadModelFlush()),
                message -> {
                    lists().append(tenantId, (String) message.getPayload());
                    return null;
                }).proceed()).isExceptional()).isFalse();
    }

    @Test
    void aBatchAppendsOnTopOfItsOwnWrites() {
        List<String> created = ids("item-", CHUNK + 3);

        appendInOneBatch("t1", created);

        assertPages("t1", created);
    }

    @Test
    void aBatchHandledAgainAppendsNothing() {
        append("t1", "before");
        List<String> created = ids("item-", CHUNK + 3);

        appendInOneBatch("t1", created);
        appendInOneBatch("t1", created);

        List<String> expected = new ArrayList<>(List.of("before"));
        expected.addAll(created);
        assertPages("t1", expected);
    }

    @Test
    void aRebuildBuildsTheListsBesideTheLiveOnesAndSwapsThemIn() throws Exception {
        append("t1", "old");
        ReadModelRebuild rebuild = new ReadModelRebuild(mongo.template());

        rebuild.run(() -> writer.clear(TradeItemDocument.class));
        rebuild.handle(List.of(GenericEventMessage.asEventMessage("new")),
                event -> lists().append("t1", (String) event.getPayload()));
        assertThat(page("t1", 1, 10)).isEqualTo(new TenantLists.Page(List.of("old"), 1));

        rebuild.swap();
        assertThat(page("t1", 1, 10)).isEqualTo(new TenantLists.Page(List.of("new"), 1));
    }

    @Test
    void aResetEmptiesTheLists() {
        append("t1", "a");

        writer.clear(TradeItemDocument.class);

        assertThat(page("t1", 1, 10)).isEqualTo(new TenantLists.Page(List.of(), 0));
    }
}
