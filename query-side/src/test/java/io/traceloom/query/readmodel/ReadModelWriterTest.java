package io.traceloom.query.readmodel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.data.mongodb.core.query.Criteria.where;
import static org.springframework.data.mongodb.core.query.Query.query;

import io.traceloom.query.catalogue.TagState;
import io.traceloom.query.tradeitemtag.TradeItemTagDocument;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.GenericEventMessage;
import org.axonframework.messaging.DefaultInterceptorChain;
import org.axonframework.messaging.unitofwork.BatchingUnitOfWork;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ReadModelWriterTest {

    private static final Instant AT = Instant.parse("2026-01-02T03:04:05.678Z");

    private final InMemoryMongo mongo = new InMemoryMongo();
    private final ReadModelWriter writer = new ReadModelWriter(mongo.template());

    @AfterEach
    void tearDown() {
        mongo.close();
    }

    private Documents<TradeItemTagDocument> tags() {
        return writer.documents(TradeItemTagDocument.class, TradeItemTagDocument::id);
    }

    private long stored() {
        return mongo.template().count(query(where("tenantId").is("t1")), TradeItemTagDocument.class);
    }

    private static TradeItemTagDocument tag(int i) {
        return TradeItemTagDocument.of("t1", i, TagState.created("tag-" + i, "C" + i, "Tag", null, AT, i), null);
    }

    @Test
    void aBatchIsWrittenOnceItsLastEventIsHandled() throws Exception {
        List<EventMessage<?>> events = List.of(event(0), event(1), event(2));
        BatchingUnitOfWork<EventMessage<?>> batch = new BatchingUnitOfWork<>(events);
        List<Long> storedWhileHandling = new ArrayList<>();

        batch.executeWithResult(() -> new DefaultInterceptorChain<>(batch, List.of(new ReadModelFlush()),
                message -> {
                    int i = (Integer) message.getPayload();
                    storedWhileHandling.add(stored());
                    tags().save(tag(i));
                    if (i == 2) {
                        tags().save(TradeItemTagDocument.of("t1", 0, tags().find("tag-0").state().deleted(AT, 3), null)); // sees the batch's own write
                        tags().remove("tag-1");
                    }
                    return null;
                }).proceed());

        assertThat(storedWhileHandling).containsExactly(0L, 0L, 0L);
        assertThat(stored()).isEqualTo(2);
        assertThat(mongo.template().findById("tag-0", TradeItemTagDocument.class).deleted()).isTrue();
        assertThat(mongo.template().findById("tag-1", TradeItemTagDocument.class)).isNull();
    }

    /**
     * A handler that fails on an event, which then waits in the dead-letter queue, takes back what it wrote: the
     * batch's other events keep theirs, also where they wrote the same documents before and after it.
     */
    @Test
    void theWritesOfAnEventWhoseHandlerFailedAreTakenBackAndTheBatchsOthersKept() throws Exception {
        mongo.template().save(tag(9));
        List<EventMessage<?>> events = List.of(event(0), event(1), event(2));
        BatchingUnitOfWork<EventMessage<?>> batch = new BatchingUnitOfWork<>(events);

        batch.executeWithResult(() -> new DefaultInterceptorChain<>(batch, List.of(new ReadModelFlush()),
                message -> {
                    int i = (Integer) message.getPayload();
                    if (i == 1) {
                        tags().save(TradeItemTagDocument.of("t1", 0, tags().find("tag-0").state().deleted(AT, 3), null));
                        tags().save(tag(1));
                        tags().remove("tag-9");
                        ReadModelWriter.discardWritesOf(message); // what the dead-lettering handler does
                        return null;
                    }
                    tags().save(tag(i));
                    return null;
                }).proceed());

        assertThat(mongo.template().findById("tag-0", TradeItemTagDocument.class).deleted())
                .as("the earlier event's write, not the failed one's").isFalse();
        assertThat(mongo.template().findById("tag-1", TradeItemTagDocument.class)).isNull();
        assertThat(mongo.template().findById("tag-9", TradeItemTagDocument.class)).isNotNull();
        assertThat(mongo.template().findById("tag-2", TradeItemTagDocument.class)).isNotNull();
    }

    /** As the dead-letter queue retries events: each in a unit of its own, within one for them all. */
    @Test
    void anEventRetriedAloneWhoseHandlerFailsLeavesNoWriteForTheNext() {
        mongo.template().save(tag(9));
        DefaultUnitOfWork<EventMessage<?>> retry = DefaultUnitOfWork.startAndGet(null);
        try {
            for (int i : new int[] {1, 2}) {
                DefaultUnitOfWork<EventMessage<?>> letter = DefaultUnitOfWork.startAndGet(event(i));
                letter.executeWithResult(() -> new DefaultInterceptorChain<>(letter, List.of(new ReadModelFlush()),
                        message -> {
                            tags().save(tag(i));
                            if (i == 1) {
                                tags().remove("tag-9");
                                throw new IllegalStateException("poison");
                            }
                            return null;
                        }).proceed());
            }
        } finally {
            retry.commit();
        }

        assertThat(mongo.template().findById("tag-1", TradeItemTagDocument.class)).isNull();
        assertThat(mongo.template().findById("tag-9", TradeItemTagDocument.class)).isNotNull();
        assertThat(mongo.template().findById("tag-2", TradeItemTagDocument.class)).isNotNull();
    }

    @Test
    void aQueryInABatchSeesTheBatchsWrites() throws Exception {
        mongo.template().save(tag(0));
        mongo.template().save(tag(1));
        BatchingUnitOfWork<EventMessage<?>> batch = new BatchingUnitOfWork<>(List.of(event(0)));
        List<String> found = new ArrayList<>();

        batch.executeWithResult(() -> {
            tags().save(tag(2));
            tags().remove("tag-1");
            tags().find(query(where("tenantId").is("t1")), tag -> tag.tenantId().equals("t1"))
                    .forEach(tag -> found.add(tag.id()));
            return null;
        });

        assertThat(found).containsExactlyInAnyOrder("tag-0", "tag-2");
    }

    @Test
    void outsideABatchWritesGoStraightThrough() {
        tags().save(tag(0));

        assertThat(stored()).isEqualTo(1);
    }

    private static EventMessage<?> event(int i) {
        return GenericEventMessage.asEventMessage(i);
    }
}
