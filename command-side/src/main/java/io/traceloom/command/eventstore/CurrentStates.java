package io.traceloom.command.eventstore;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.axonframework.eventsourcing.AggregateFactory;
import org.axonframework.eventsourcing.EventSourcedAggregate;
import org.axonframework.eventsourcing.GenericAggregateFactory;
import org.axonframework.eventsourcing.NoSnapshotTriggerDefinition;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.modelling.command.inspection.AggregateModel;
import org.axonframework.modelling.command.inspection.AnnotatedAggregateMetaModelFactory;
import org.axonframework.queryhandling.QueryMessage;

/**
 * What the events of an event-sourced aggregate say of it now, read without its lock: for what only asks (what a
 * schema is and whose), so that asking never waits for a command on the aggregate, nor keeps one waiting, however
 * long the asker then works with the answer. The aggregate's own event sourcing handlers fold its events, as its
 * repository would (from its latest snapshot, through Axon's model of it), into an instance no one else sees;
 * {@code view} takes from it what askers need, as immutable values.
 *
 * <p>Views are kept, each with the sequence number of the last event it was folded from, and answered again only
 * while the event store's events of the aggregate end there ({@link StoreTail}, a seek in its index): a change made by any
 * process is seen by the next read in every process. A view that is no longer current is folded again, from the
 * first event (or the latest snapshot). Within a unit of work that may change aggregates (a command's), what is
 * read includes the events it has staged, so a view folded there is kept only once it commits. At most
 * {@code capacity} views are kept, the least recently used leaving first.
 *
 * @param <A> the aggregate
 * @param <V> what is kept of it; a view may be {@code null} (the aggregate has events, but nothing to show)
 */
public final class CurrentStates<A, V> {

    private final EventStore events;
    private final AggregateModel<A> model;
    private final AggregateFactory<A> factory;
    private final Function<A, V> view;
    private final Map<String, Kept<V>> kept;
    private final AtomicLong folds = new AtomicLong();

    private record Kept<V>(long sequence, V view) {
    }

    public CurrentStates(Class<A> type, EventStore events, Function<A, V> view, int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("at least one view is kept");
        }
        this.events = events;
        this.model = AnnotatedAggregateMetaModelFactory.inspectAggregate(type);
        this.factory = new GenericAggregateFactory<>(model);
        this.view = view;
        this.kept = new LinkedHashMap<>(64, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Kept<V>> eldest) {
                return size() > capacity;
            }
        };
    }

    /** The view of the aggregate as its events stand now; empty when it has none, or its view is {@code null}. */
    public Optional<V> view(String aggregateId) {
        Kept<V> known;
        synchronized (kept) {
            known = kept.get(aggregateId);
        }
        if (known != null && StoreTail.endsAt(events, aggregateId, known.sequence())) {
            return Optional.ofNullable(known.view());
        }
        Optional<Folded<A>> folded = fold(aggregateId);
        if (folded.isEmpty()) {
            return Optional.empty();
        }
        Kept<V> fresh = new Kept<>(folded.get().sequence(), view.apply(folded.get().aggregate()));
        if (CurrentUnitOfWork.isStarted() && !(CurrentUnitOfWork.get().getMessage() instanceof QueryMessage)) {
            // what it read includes the events this unit of work has staged, which a rollback takes back
            CurrentUnitOfWork.get().afterCommit(unitOfWork -> keep(aggregateId, fresh));
        } else {
            keep(aggregateId, fresh);
        }
        return Optional.ofNullable(fresh.view());
    }

    private void keep(String aggregateId, Kept<V> fresh) {
        synchronized (kept) {
            Kept<V> meanwhile = kept.get(aggregateId);
            if (meanwhile == null || meanwhile.sequence() < fresh.sequence()) {
                kept.put(aggregateId, fresh);
            }
        }
    }

    /**
     * The aggregate as its events stand now, folded afresh and kept by no one: for what its view leaves out.
     * The instance is the caller's alone; it changes nothing in the store.
     */
    public Optional<Folded<A>> fold(String aggregateId) {
        DomainEventStream stream = events.readEvents(aggregateId);
        if (!stream.hasNext()) {
            return Optional.empty();
        }
        folds.incrementAndGet();
        EventSourcedAggregate<A> aggregate = EventSourcedAggregate.initialize(
                factory.createAggregateRoot(aggregateId, stream.peek()), model, null, NoSnapshotTriggerDefinition.TRIGGER);
        aggregate.initializeState(stream);
        return Optional.of(new Folded<>(aggregate.getAggregateRoot(), aggregate.version()));
    }

    /** @param sequence the sequence number of the last event folded into it */
    public record Folded<A>(A aggregate, long sequence) {
    }

    /** How many times an aggregate's events were folded (a view was not current, or a fold was asked for). */
    public long folds() {
        return folds.get();
    }
}
