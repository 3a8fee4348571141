package io.traceloom.query.readmodel;

import com.mongodb.MongoNamespace;
import com.mongodb.client.model.RenameCollectionOptions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.GenericEventMessage;
import org.axonframework.messaging.ResultMessage;
import org.axonframework.messaging.unitofwork.BatchingUnitOfWork;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.index.IndexOperations;
import org.springframework.data.mongodb.core.index.IndexResolver;

/**
 * The read models of one projection, rebuilt from the first event into collections of their own
 * ({@code <collection>_rebuild}) while the live collections keep serving reads and keep being updated by
 * the projection as usual. Once the rebuild has caught up, {@link #swap()} puts each rebuilt collection in
 * the place of the live one (MongoDB's {@code renameCollection} with {@code dropTarget}: a reader sees the
 * old collection or the new one, never none), which also removes the old.
 *
 * <p>The projection's handlers write here through the same {@link ReadModelWriter} as always: work run by
 * {@link #handle} or {@link #run} carries this rebuild as a unit-of-work resource, and the writer sends it
 * the writes. Its reset handler, called first through {@link #run}, names the read models (each
 * {@code writer.clear(type)} starts that collection empty); a collection the handlers write without a
 * reset is started on first use.
 */
public final class ReadModelRebuild {

    static final String SUFFIX = "_rebuild";

    /** What to do with each event of a batch: hand it to the projection's handlers. */
    @FunctionalInterface
    public interface EventHandling {
        void handle(EventMessage<?> event) throws Exception;
    }

    private final MongoTemplate mongo;
    private final IndexResolver indexes;
    private final Map<String, String> collections = new LinkedHashMap<>();

    public ReadModelRebuild(MongoTemplate mongo) {
        this.mongo = mongo;
        this.indexes = IndexResolver.create(mongo.getConverter().getMappingContext());
    }

    /**
     * The collection this rebuild writes the type to: the first time, a new empty one with the indexes the
     * type declares (a leftover of an earlier rebuild that did not finish is dropped).
     */
    synchronized String collection(Class<?> type, String live) {
        String rebuilt = collections.get(live);
        if (rebuilt == null) {
            rebuilt = live + SUFFIX;
            collections.put(live, rebuilt); // first: a discard drops it even if preparing it fails half-way
            dropIfExists(rebuilt);
            mongo.createCollection(rebuilt);
            IndexOperations indexOperations = mongo.indexOps(rebuilt);
            indexes.resolveIndexFor(type).forEach(indexOperations::createIndex);
        }
        return rebuilt;
    }

    /** The live collections being rebuilt so far. */
    public synchronized List<String> collections() {
        return List.copyOf(collections.keySet());
    }

    /** Runs {@code work} (a projection's reset, say) with its read-model writes going to this rebuild. */
    public void run(Runnable work) throws Exception {
        UnitOfWork<EventMessage<?>> unitOfWork = DefaultUnitOfWork.startAndGet(
                GenericEventMessage.asEventMessage("read model rebuild"));
        unitOfWork.resources().put(ReadModelWriter.REBUILD, this);
        rethrow(unitOfWork.executeWithResult(() -> {
            work.run();
            ReadModelWriter.flush(unitOfWork);
            return null;
        }));
    }

    /**
     * Hands these events to {@code handler} one by one in one unit of work and writes what they changed in
     * one bulk write per collection, as a projection's processor does with a batch. Idempotent, like every
     * batch of a projection: after a failure, the same events can be handled again.
     */
    public void handle(List<? extends EventMessage<?>> events, EventHandling handler) throws Exception {
        BatchingUnitOfWork<EventMessage<?>> batch = new BatchingUnitOfWork<>(List.copyOf(events));
        batch.resources().put(ReadModelWriter.REBUILD, this);
        rethrow(batch.executeWithResult(() -> {
            handler.handle(batch.getMessage());
            if (batch.isLastMessage()) {
                ReadModelWriter.flush(batch);
            }
            return null;
        }));
    }

    /** Puts every rebuilt collection in the place of its live one, dropping the live one. */
    public synchronized void swap() {
        String database = mongo.getDb().getName();
        collections.forEach((live, rebuilt) -> mongo.getCollection(rebuilt).renameCollection(
                new MongoNamespace(database, live), new RenameCollectionOptions().dropTarget(true)));
        collections.clear();
    }

    /** Drops the rebuilt collections: the rebuild was given up. */
    public synchronized void discard() {
        collections.values().forEach(this::dropIfExists);
        collections.clear();
    }

    /** mongo-java-server answers the drop of a missing collection with an error, and logs it as one. */
    private void dropIfExists(String collection) {
        if (mongo.collectionExists(collection)) {
            mongo.dropCollection(collection);
        }
    }

    private static void rethrow(ResultMessage<?> result) throws Exception {
        if (result.isExceptional()) {
            Throwable failure = result.exceptionResult();
            if (failure instanceof Exception exception) {
                throw exception;
            }
            throw (Error) failure;
        }
    }
}
