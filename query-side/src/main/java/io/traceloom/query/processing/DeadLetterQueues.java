package io.traceloom.query.processing;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Accumulators;
import com.mongodb.client.model.Aggregates;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.Updates;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.extensions.mongo.DefaultMongoTemplate;
import org.axonframework.extensions.mongo.eventhandling.deadletter.DeadLetterEntry;
import org.axonframework.extensions.mongo.eventhandling.deadletter.DeadLetterEventEntry;
import org.axonframework.extensions.mongo.eventhandling.deadletter.MongoSequencedDeadLetterQueue;
import org.axonframework.extensions.mongo.eventsourcing.eventstore.documentperevent.EventEntryConfiguration;
import org.axonframework.messaging.deadletter.DeadLetter;
import org.axonframework.messaging.deadletter.EnqueueDecision;
import org.axonframework.messaging.deadletter.SequencedDeadLetterQueue;
import org.axonframework.serialization.Serializer;
import org.bson.Document;
import org.bson.conversions.Bson;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.stereotype.Component;

/**
 * The projections' dead-letter queues: Axon's sequenced dead-letter queue, one per projection, kept in MongoDB
 * ({@code deadletters}) beside the read models and tokens it belongs with, so that it lives and dies with them
 * (the embedded default saves and restores it with them) and every process of a deployment sees the same.
 *
 * <p>When a projection's handler fails on an event ({@link PoisonEvents} says which failures), the event is
 * parked here under its sequence (the tenant, by {@link TenantSequencingPolicy}), and every later event of that
 * sequence the projection handles waits behind it, in order, while every other sequence goes on. An operator
 * retries or evicts the sequence ({@link ParkedSequences}) once its cause is fixed. Nothing here is bounded by
 * a count: a queue that overflowed would fail the batch, and stop every tenant again.
 *
 * <p>A queue keeps an event once: a batch that parked one and then failed to write its read models is handled
 * again, and finds the event parked already. What is parked is known here at once for this process's own
 * queues ({@link #parked()}, exact where every projection runs in this process); {@link #read()} tells it from
 * the collection, for any process.
 */
@Component
public class DeadLetterQueues {

    /** A rebuild's queue is its projection's, under this suffix, until the rebuilt read model takes over. */
    static final String REBUILD = "#rebuild";
    private static final String GROUP = "processingGroup";
    private static final String SEQUENCE = "sequenceIdentifier";
    private static final String INDEX = "index";
    private static final String EVENT_IDENTIFIER = "message.eventIdentifier";

    /**
     * A parked sequence as operators see it.
     *
     * @param sequence  the sequence's identifier: the tenant, for a projection sequenced by tenant
     * @param eventType the first parked event's payload type (simple name)
     * @param position  its position in the event store, -1 where unknown
     * @param error     why it failed: the exception's type and message
     * @param since     when it was parked
     * @param events    how many events wait in the sequence, the first one included
     */
    public record ParkedSequence(String sequence, String eventType, long position, String error, Instant since,
                                 long events) {
    }

    private final org.axonframework.extensions.mongo.MongoTemplate axonMongo;
    private final MongoCollection<Document> collection;
    private volatile Map<String, Map<String, Long>> parked;
    private volatile Serializer serializer;
    private volatile boolean indexed;

    public DeadLetterQueues(MongoTemplate mongo) {
        this.axonMongo = DefaultMongoTemplate.builder().mongoDatabase(mongo.getDb()).build();
        this.collection = axonMongo.deadLetterCollection();
    }

    /** A sequence's identifier as the queue keeps it: a tenant's id as it is, another identifier by its hash. */
    static String sequenceName(Object sequenceIdentifier) {
        return sequenceIdentifier instanceof String name ? name : Integer.toString(sequenceIdentifier.hashCode());
    }

    /** The queue of a projection's processor, with the serializer of its events. */
    public SequencedDeadLetterQueue<EventMessage<?>> queue(String projection, Serializer serializer) {
        return new ParkingQueue(projection, mongoQueue(projection, serializer), true);
    }

    /**
     * The queue of a rebuild of the projection: its own until the rebuilt read model takes over. With the
     * serializer of the processors' queues, which exist by the time a projection is rebuilt.
     */
    SequencedDeadLetterQueue<EventMessage<?>> rebuildQueue(String projection) {
        Serializer events = serializer;
        if (events == null) {
            throw new IllegalStateException("The projections' dead-letter queues are not set up yet");
        }
        return new ParkingQueue(projection, mongoQueue(projection + REBUILD, events), false);
    }

    private MongoSequencedDeadLetterQueue<EventMessage<?>> mongoQueue(String group, Serializer serializer) {
        this.serializer = serializer;
        if (!indexed) {
            collection.createIndex(Indexes.ascending(EVENT_IDENTIFIER, GROUP),
                    new IndexOptions().name("eventIdentifierIndex"));
            indexed = true;
        }
        return MongoSequencedDeadLetterQueue.builder()
                .processingGroup(group)
                .mongoTemplate(axonMongo)
                .serializer(serializer)
                .maxSequences(Integer.MAX_VALUE)
                .maxSequenceSize(Integer.MAX_VALUE)
                .build();
    }

    /**
     * What each projection has parked, as this process knows it: each parked sequence and how many events wait in
     * it. Exact for the queues of this process (every change to them is seen here as it is made); a process that
     * does not run the projections reads the collection instead ({@link #read()}).
     */
    public Map<String, Map<String, Long>> parked() {
        Map<String, Map<String, Long>> known = parked;
        if (known == null) {
            known = refresh();
        }
        return known;
    }

    /** Reads what is parked again, for {@link #parked()}. */
    synchronized Map<String, Map<String, Long>> refresh() {
        Map<String, Map<String, Long>> read = read();
        parked = read;
        return read;
    }

    /**
     * What each projection has parked, as the collection holds it now: each parked sequence and how many events
     * wait in it (a rebuild's queue left out). One look when nothing is parked, which is the usual case.
     */
    public Map<String, Map<String, Long>> read() {
        if (collection.find().limit(1).first() == null) {
            return Map.of();
        }
        Map<String, Map<String, Long>> read = new TreeMap<>();
        for (Document group : collection.aggregate(List.of(
                Aggregates.group(new Document("g", "$" + GROUP).append("s", "$" + SEQUENCE),
                        Accumulators.sum("n", 1))))) {
            Document id = group.get("_id", Document.class);
            String projection = id.getString("g");
            if (!projection.endsWith(REBUILD)) {
                read.computeIfAbsent(projection, name -> new TreeMap<>())
                        .put(id.getString("s"), ((Number) group.get("n")).longValue());
            }
        }
        read.replaceAll((projection, sequences) -> Collections.unmodifiableMap(sequences));
        return Collections.unmodifiableMap(read);
    }

    /** The projection's parked sequences, each with its first event and why it failed, by sequence. */
    public List<ParkedSequence> details(String projection) {
        List<ParkedSequence> details = new ArrayList<>();
        for (String sequence : collection.distinct(SEQUENCE, Filters.eq(GROUP, projection), String.class)) {
            Bson filter = Filters.and(Filters.eq(GROUP, projection), Filters.eq(SEQUENCE, sequence));
            Document first = collection.find(filter).sort(Sorts.ascending(INDEX)).limit(1).first();
            if (first != null) {
                details.add(describe(new DeadLetterEntry(first), collection.countDocuments(filter)));
            }
        }
        details.sort((a, b) -> Long.compare(a.position(), b.position()));
        return details;
    }

    private ParkedSequence describe(DeadLetterEntry letter, long events) {
        DeadLetterEventEntry event = letter.getMessage(EventEntryConfiguration.getDefault());
        String type = event.getPayload().getType().getName();
        long position = -1;
        Serializer known = serializer;
        if (event.getTrackingToken() != null && known != null) {
            try {
                TrackingToken token = known.deserialize(event.getTrackingToken());
                position = token == null ? -1 : token.position().orElse(-1);
            } catch (RuntimeException unreadable) {
                // the position is a convenience; the letter itself is what counts
            }
        }
        String error = letter.getCauseType() == null ? null
                : letter.getCauseType().substring(letter.getCauseType().lastIndexOf('.') + 1) + ": "
                        + letter.getCauseMessage();
        return new ParkedSequence(letter.getSequenceIdentifier(), type.substring(type.lastIndexOf('.') + 1),
                position, error, letter.getEnqueuedAt(), events);
    }

    /**
     * Whether any of these events waits in a projection's queue: a write that recorded them is not visible in
     * that projection's read model, though the projection has moved past them.
     */
    public boolean holdsAny(Collection<String> eventIdentifiers) {
        if (eventIdentifiers.isEmpty()) {
            return false;
        }
        for (Document letter : collection.find(Filters.in(EVENT_IDENTIFIER, eventIdentifiers))
                .projection(new Document(GROUP, 1))) {
            if (!letter.getString(GROUP).endsWith(REBUILD)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the projection's queue holds the sequence. */
    public boolean holds(String projection, String sequence) {
        return collection.find(Filters.and(Filters.eq(GROUP, projection), Filters.eq(SEQUENCE, sequence)))
                .limit(1).first() != null;
    }

    /** Drops every event parked in the projection's sequence; how many there were. */
    long evict(String projection, String sequence) {
        long evicted = collection.deleteMany(Filters.and(Filters.eq(GROUP, projection),
                Filters.eq(SEQUENCE, sequence))).getDeletedCount();
        refresh();
        return evicted;
    }

    /**
     * Puts what a rebuild of the projection parked in the place of what its processor had parked: a replay
     * starts the read model afresh, and its dead letters with it. Called while the processor is stopped.
     */
    void replaceWithRebuilt(String projection) {
        collection.deleteMany(Filters.eq(GROUP, projection));
        collection.updateMany(Filters.eq(GROUP, projection + REBUILD), Updates.set(GROUP, projection));
        refresh();
    }

    /** Drops what a rebuild of the projection had parked: the rebuild was given up. */
    void discardRebuilt(String projection) {
        collection.deleteMany(Filters.eq(GROUP, projection + REBUILD));
    }

    /** Notes a new event in a sequence this process's queue holds. */
    private synchronized void parkedOne(String projection, String sequence) {
        Map<String, Map<String, Long>> known = parked;
        Long count = known == null ? null : known.getOrDefault(projection, Map.of()).get(sequence);
        if (count == null) {
            refresh();
            return;
        }
        Map<String, Map<String, Long>> next = new TreeMap<>(known);
        Map<String, Long> sequences = new TreeMap<>(next.get(projection));
        sequences.put(sequence, count + 1);
        next.put(projection, Collections.unmodifiableMap(sequences));
        parked = Collections.unmodifiableMap(next);
    }

    private boolean alreadyParked(String group, String eventIdentifier) {
        return collection.find(Filters.and(Filters.eq(GROUP, group), Filters.eq(EVENT_IDENTIFIER, eventIdentifier)))
                .limit(1).first() != null;
    }

    /** Axon's Mongo queue, keeping each event once and this process's view of the queues current. */
    private final class ParkingQueue implements SequencedDeadLetterQueue<EventMessage<?>> {

        private final String projection;
        private final MongoSequencedDeadLetterQueue<EventMessage<?>> queue;
        private final String group;
        private final boolean live;

        ParkingQueue(String projection, MongoSequencedDeadLetterQueue<EventMessage<?>> queue, boolean live) {
            this.projection = projection;
            this.queue = queue;
            this.group = live ? projection : projection + REBUILD;
            this.live = live;
        }

        @Override
        public void enqueue(Object sequenceIdentifier, DeadLetter<? extends EventMessage<?>> letter) {
            if (alreadyParked(group, letter.message().getIdentifier())) {
                return;
            }
            queue.enqueue(sequenceIdentifier, letter);
            if (live) {
                parkedOne(projection, sequenceName(sequenceIdentifier));
            }
        }

        @Override
        public void evict(DeadLetter<? extends EventMessage<?>> letter) {
            queue.evict(letter);
            changed();
        }

        @Override
        public void requeue(DeadLetter<? extends EventMessage<?>> letter,
                            UnaryOperator<DeadLetter<? extends EventMessage<?>>> letterUpdater) {
            queue.requeue(letter, letterUpdater);
        }

        @Override
        public boolean contains(Object sequenceIdentifier) {
            return queue.contains(sequenceIdentifier);
        }

        @Override
        public Iterable<DeadLetter<? extends EventMessage<?>>> deadLetterSequence(Object sequenceIdentifier) {
            return queue.deadLetterSequence(sequenceIdentifier);
        }

        @Override
        public Iterable<Iterable<DeadLetter<? extends EventMessage<?>>>> deadLetters() {
            return queue.deadLetters();
        }

        @Override
        public boolean isFull(Object sequenceIdentifier) {
            return queue.isFull(sequenceIdentifier);
        }

        @Override
        public long size() {
            return queue.size();
        }

        @Override
        public long sequenceSize(Object sequenceIdentifier) {
            return queue.sequenceSize(sequenceIdentifier);
        }

        @Override
        public long amountOfSequences() {
            return queue.amountOfSequences();
        }

        @Override
        public boolean process(Predicate<DeadLetter<? extends EventMessage<?>>> sequenceFilter,
                               Function<DeadLetter<? extends EventMessage<?>>, EnqueueDecision<EventMessage<?>>> task) {
            try {
                return queue.process(sequenceFilter, task);
            } finally {
                changed();
            }
        }

        @Override
        public void clear() {
            queue.clear();
            changed();
        }

        private void changed() {
            if (live) {
                refresh();
            }
        }
    }
}
