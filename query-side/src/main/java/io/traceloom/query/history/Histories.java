package io.traceloom.query.history;

import io.traceloom.kernel.history.FindHistory;
import io.traceloom.kernel.history.HistoryPage;
import io.traceloom.kernel.history.RecordedEvent;
import io.traceloom.query.readmodel.ScratchReadModel;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Function;
import org.axonframework.messaging.annotation.ClasspathParameterResolverFactory;
import org.axonframework.eventhandling.AnnotationEventHandlerAdapter;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.queryhandling.QueryHandler;
import org.axonframework.serialization.Serializer;
import org.springframework.data.mongodb.core.convert.MongoConverter;

/**
 * Resources' histories and their state at any point in time, read from the event store through Axon (an
 * aggregate's events, from its first: never a snapshot, never a read model). What a resource is made of is
 * declared by its feature ({@link ResourceHistory}).
 *
 * <p>A resource as of an instant is its projection's work redone: its events up to then (and those of the
 * resources it embeds) are handed, in order, to the very event handlers that build its read model, writing to a
 * {@link ScratchReadModel} instead of MongoDB. There is no second copy of any fold to drift from the first.
 *
 * <p>Tenancy: every event read must be the asking tenant's, else the resource does not exist for it.
 */
public class Histories {

    private final EventStore eventStore;
    private final Serializer serializer;
    private final MongoConverter converter;
    private final Function<Class<?>, Object> projections;
    private final Map<String, ResourceHistory<?>> byResource = new LinkedHashMap<>();
    private final Map<Class<?>, AnnotationEventHandlerAdapter> handlers = new ConcurrentHashMap<>();

    /**
     * @param serializer   the serializer of the event store's events
     * @param converter    the read models' converter: a rebuilt document is what MongoDB would give back
     * @param projections  the projection instance (the bean) of a projection class
     * @param declarations every resource's declaration, each kind once
     */
    public Histories(EventStore eventStore, Serializer serializer, MongoConverter converter,
                     Function<Class<?>, Object> projections, List<ResourceHistory<?>> declarations) {
        this.eventStore = eventStore;
        this.serializer = serializer;
        this.converter = converter;
        this.projections = projections;
        for (ResourceHistory<?> declaration : declarations) {
            if (byResource.putIfAbsent(declaration.resource(), declaration) != null) {
                throw new IllegalStateException("Two declarations of the history of " + declaration.resource());
            }
        }
    }

    @QueryHandler
    public Optional<HistoryPage> handle(FindHistory query) {
        ResourceHistory<?> declaration = byResource.get(query.resource());
        if (declaration == null) {
            throw new IllegalArgumentException("No history is declared for " + query.resource());
        }
        return ownEvents(declaration, query.tenantId(), query.id())
                .filter(events -> wasEver(declaration, query.tenantId(), query.id(), events))
                .map(events -> {
                    long skip = (long) (query.page() - 1) * query.limit();
                    List<RecordedEvent> page = events.stream().skip(skip).limit(query.limit())
                            .map(event -> RecordedEvents.of(event, serializer))
                            .map(Histories::withoutAggregate)
                            .toList();
                    return new HistoryPage(page, events.size(), events.get(events.size() - 1).getSequenceNumber());
                });
    }

    /**
     * The resource's document as it was at {@code at}: its projection's handlers run over its events (and its
     * embedded resources') recorded until then. Empty when it did not exist then: not created yet, or removed
     * by then.
     *
     * @param id the resource's id; {@code null} for a resource that is the only one of its kind in the tenant
     */
    public <D> Optional<D> asOf(ResourceHistory<D> resource, String tenantId, String id, Instant at) {
        List<DomainEventMessage<?>> own = until(ownEvents(resource, tenantId, id).orElse(List.of()), at);
        if (own.isEmpty()) {
            return Optional.empty();
        }
        String documentId = resource.documentId(tenantId, id);
        Map<String, Set<String>> embedded = new LinkedHashMap<>();
        ScratchReadModel alone = replay(resource, own, scratch -> {
            D state = scratch.find(resource.document(), documentId);
            if (state != null) {
                resource.embeddedIn(state).forEach((kind, ids) ->
                        embedded.computeIfAbsent(kind, key -> new LinkedHashSet<>()).addAll(ids));
            }
        });
        if (embedded.values().stream().allMatch(Set::isEmpty)) {
            return Optional.ofNullable(alone.find(resource.document(), documentId));
        }
        List<DomainEventMessage<?>> all = new ArrayList<>(own);
        embedded.forEach((kind, ids) -> {
            ResourceHistory<?> other = byResource.get(kind);
            if (other == null) {
                throw new IllegalStateException(resource + " embeds " + kind + ", which declares no history");
            }
            ids.forEach(otherId -> all.addAll(until(ownEvents(other, tenantId, otherId).orElse(List.of()), at)));
        });
        // Stable: within one instant the resource's own events stay first, each aggregate's in its order.
        all.sort(Comparator.comparing(DomainEventMessage::getTimestamp));
        return Optional.ofNullable(replay(resource, all, scratch -> { }).find(resource.document(), documentId));
    }

    /**
     * The events of the resource's aggregate that are its own, oldest first; empty (not found) when any event
     * of that aggregate belongs to another tenant or to none.
     */
    private Optional<List<DomainEventMessage<?>>> ownEvents(ResourceHistory<?> resource, String tenantId, String id) {
        String aggregateId;
        try {
            aggregateId = resource.aggregateId(tenantId, id);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        List<DomainEventMessage<?>> own = new ArrayList<>();
        DomainEventStream stream = eventStore.readEvents(aggregateId, 0);
        while (stream.hasNext()) {
            DomainEventMessage<?> event = stream.next();
            if (!tenantId.equals(RecordedEvents.tenantOf(event)) || RecordedEvents.isBookkeeping(event)) {
                return Optional.empty();
            }
            if (resource.isAbout(event.getPayload(), id)) {
                own.add(event);
            }
        }
        return Optional.of(own);
    }

    /**
     * Whether these events ever made the resource: its projection, handed them, made its document at some
     * point. Ids of different kinds of aggregate share one space (a trade item's id names no file), so the
     * events of an aggregate of another kind are no resource's history.
     */
    private boolean wasEver(ResourceHistory<?> resource, String tenantId, String id,
                            List<DomainEventMessage<?>> events) {
        String documentId = resource.documentId(tenantId, id);
        boolean[] existed = {false};
        replay(resource, events, scratch -> existed[0] |= scratch.find(resource.document(), documentId) != null);
        return existed[0];
    }

    private static List<DomainEventMessage<?>> until(List<DomainEventMessage<?>> events, Instant at) {
        return events.stream().filter(event -> !event.getTimestamp().isAfter(at)).toList();
    }

    private ScratchReadModel replay(ResourceHistory<?> resource, List<DomainEventMessage<?>> events,
                                    Consumer<ScratchReadModel> afterEach) {
        AnnotationEventHandlerAdapter handler = handlers.computeIfAbsent(resource.projection(),
                type -> new AnnotationEventHandlerAdapter(projections.apply(type),
                        ClasspathParameterResolverFactory.forClass(type)));
        ScratchReadModel scratch = new ScratchReadModel(converter);
        for (DomainEventMessage<?> event : events) {
            scratch.handle(event, () -> {
                try {
                    handler.handle(event);
                } catch (RuntimeException e) {
                    throw e;
                } catch (Exception e) {
                    throw new IllegalStateException("Rebuilding " + resource + " failed at " + event.getPayloadType()
                            .getSimpleName(), e);
                }
            });
            afterEach.accept(scratch);
        }
        return scratch;
    }

    /** A history's items name no aggregate: they are all the resource's. */
    private static RecordedEvent withoutAggregate(RecordedEvent event) {
        return new RecordedEvent(event.sequence(), event.type(), event.revision(), event.occurredAt(),
                event.tenantId(), event.userId(), event.requestId(), event.data(), null, null);
    }
}
