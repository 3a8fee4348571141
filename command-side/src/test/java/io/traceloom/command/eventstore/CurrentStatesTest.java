package io.traceloom.command.eventstore;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.UUID;
import org.axonframework.commandhandling.GenericCommandMessage;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.messaging.MetaData;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** An aggregate's state read from its events without its lock, kept while the event store says it is current. */
class CurrentStatesTest {

    /** The aggregate: it counts its events, and remembers the last word. */
    static class Tally {
        @AggregateIdentifier
        private String id;
        private int count;
        private String last;

        Tally() {
        }

        Tally(String id, int count) {
            this.id = id;
            this.count = count;
        }

        @EventSourcingHandler
        void on(Counted event) {
            id = event.id();
            count++;
            last = event.word();
        }
    }

    record Counted(String id, String word) {
    }

    record View(int count, String last) {
    }

    private final CurrentAggregatesTest.CountingStore store = new CurrentAggregatesTest.CountingStore();
    private final EmbeddedEventStore events = EmbeddedEventStore.builder().storageEngine(store).build();
    private final CurrentStates<Tally, View> states = new CurrentStates<>(Tally.class, events,
            tally -> tally.count == 0 ? null : new View(tally.count, tally.last), 10);

    @AfterEach
    void tearDown() {
        events.shutDown();
    }

    private void append(String id, long sequence, String word) {
        events.publish(new GenericDomainEventMessage<>("Tally", id, sequence, new Counted(id, word),
                MetaData.emptyInstance(), UUID.randomUUID().toString(), Instant.now()));
    }

    @Test
    void anAggregateWithoutEventsHasNoView() {
        assertThat(states.view("t-1")).isEmpty();
        assertThat(states.fold("t-1")).isEmpty();
        assertThat(states.folds()).isZero();
    }

    @Test
    void provingAKeptViewCurrentReadsTheAggregatesLastEventNotItsHistory() {
        for (int i = 0; i < 1_000; i++) {
            append("t-1", i, "word " + i);
        }
        assertThat(states.view("t-1")).contains(new View(1_000, "word 999"));
        store.read.set(0);

        assertThat(states.view("t-1")).contains(new View(1_000, "word 999"));

        assertThat(states.folds()).isEqualTo(1);
        assertThat(store.read.get()).as("events read to prove it current, of its 1,000").isLessThanOrEqualTo(1);
    }

    @Test
    void aViewIsFoldedOnceAndKeptWhileTheAggregateHasNoNewEvent() {
        append("t-1", 0, "one");
        append("t-1", 1, "two");

        assertThat(states.view("t-1")).contains(new View(2, "two"));
        assertThat(states.view("t-1")).contains(new View(2, "two"));
        assertThat(states.folds()).isEqualTo(1);
    }

    /** What any process appends is in the store: the next read of every process sees it. */
    @Test
    void anEventAppendedByAnyoneIsSeenAtTheNextRead() {
        append("t-1", 0, "one");
        assertThat(states.view("t-1")).contains(new View(1, "one"));

        append("t-1", 1, "two");

        assertThat(states.view("t-1")).contains(new View(2, "two"));
        assertThat(states.folds()).isEqualTo(2);
    }

    @Test
    void aFoldStartsFromTheLatestSnapshot() {
        append("t-1", 0, "one");
        append("t-1", 1, "two");
        events.storeSnapshot(new GenericDomainEventMessage<>("Tally", "t-1", 1, new Tally("t-1", 40)));
        append("t-1", 2, "three");

        assertThat(states.fold("t-1")).hasValueSatisfying(folded -> {
            assertThat(folded.aggregate().count).isEqualTo(41);
            assertThat(folded.sequence()).isEqualTo(2);
        });
    }

    /** A command's unit of work reads the events it has staged; should it roll back, they never were. */
    @Test
    void aViewReadInACommandIsKeptOnlyOnceTheCommandCommits() {
        append("t-1", 0, "one");
        DefaultUnitOfWork<?> command = DefaultUnitOfWork.startAndGet(GenericCommandMessage.asCommandMessage("count"));
        append("t-1", 1, "staged");
        assertThat(states.view("t-1")).contains(new View(2, "staged"));
        command.rollback();

        append("t-1", 1, "two");

        assertThat(states.view("t-1")).contains(new View(2, "two"));
    }

    @Test
    void aViewOfNothingIsNoView() {
        CurrentStates<Tally, View> nothing = new CurrentStates<>(Tally.class, events, tally -> null, 10);
        append("t-1", 0, "one");

        assertThat(nothing.view("t-1")).isEmpty();
    }
}
