package io.traceloom.api.readmodel;

import com.mongodb.ReadConcernLevel;
import com.mongodb.ReadPreference;
import com.mongodb.client.MongoDatabase;
import io.traceloom.api.settings.ApiProperties;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.mongodb.MongoDatabaseFactory;
import org.springframework.stereotype.Component;

/**
 * Views of resources and pages of lists as they stand now, kept to answer the same query again until MongoDB changes
 * what they were made of: the query bus, the MongoDB round trips and the mapping are then skipped (BENCHMARKS.md).
 *
 * <p>Each view is kept with what its query read ({@link ReadModelCommands}): the documents it found by id, or whole
 * collections where it queried by anything else. A write to MongoDB, once answered, forgets the views that read what
 * it wrote, and only those: a projection writes a batch before its new position can be seen, so a write answered
 * to a client (which waits for that position) is read back afresh (read-your-writes), while the views of everything
 * else stay. A view read while a write that touched it was under way is not kept: each read notes how many writes
 * were answered before it began, and is kept only if none of those answered since touched what it read (the last
 * {@value #RECENT} writes, naming at most {@value #REMEMBERED_DOCUMENTS} documents, are remembered for this; a read
 * that began before them is not kept).
 *
 * <p>Kept only where every write to the read models is made by this process ({@link ProjectionPositions#writesHere},
 * role {@code all}); elsewhere another process writes them, unseen here, and every read goes to MongoDB. At most
 * {@code traceloom.read-models.view-cache-size} views are kept, and none with 0, weighing together at most a 32nd
 * of the heap ({@link ViewWeights} estimates them), the oldest kept going first: views range from a few hundred
 * bytes to 2 MB (a render). Queries are keys: records, equal when they ask the same. An answer is shared by every
 * read that finds it: views are records of immutable values, never changed once made.
 */
@Component
public class ViewCache {

    /** How many of the last writes are remembered, to tell whether a read that began before them may be kept. */
    static final int RECENT = 1024;
    /**
     * The most documents the remembered writes name together (about 100 bytes each): a projection's batch names up to
     * a few hundred, and the last {@value #RECENT} of them held, by estimate, some 30 MB. Beyond it the oldest writes
     * are let go, as beyond {@value #RECENT}; the newest is kept whatever its size.
     */
    static final int REMEMBERED_DOCUMENTS = 16_384;

    private final ReadModelCommands commands;
    private final boolean enabled;
    private final int capacity;
    private final long maxWeight;
    private final Map<Object, View> byQuery = new ConcurrentHashMap<>();
    /** What follows is changed only under this lock; reads of {@link #byQuery} take no lock. */
    private final Object lock = new Object();
    /** The views that read a document; that read a whole collection; that read anything in a collection. */
    private final Map<String, Set<View>> byDocument = new HashMap<>();
    private final Map<String, Set<View>> byWholeCollection = new HashMap<>();
    private final Map<String, Set<View>> byCollection = new HashMap<>();
    private final Set<View> oldestFirst = new LinkedHashSet<>();
    private final ArrayDeque<Write> recent = new ArrayDeque<>();
    /** The documents {@link #recent} names; under the lock. */
    private int rememberedDocuments;
    private long weight;
    /** How many writes have been answered; written under the lock. */
    private volatile long writes;

    @Autowired
    public ViewCache(ProjectionPositions positions, ReadModelCommands commands, ApiProperties properties,
                     MongoDatabaseFactory mongo) {
        this(positions, commands, properties, Runtime.getRuntime().maxMemory() / 32,
                readsWhatItWrote(mongo.getMongoDatabase()));
    }

    /**
     * @param maxWeight        what the views kept may weigh together, as {@link ViewWeights} estimates it
     * @param readsWhatItWrote whether a read after a write MongoDB has answered sees it ({@link #readsWhatItWrote})
     */
    ViewCache(ProjectionPositions positions, ReadModelCommands commands, ApiProperties properties, long maxWeight,
              boolean readsWhatItWrote) {
        this.commands = commands;
        this.capacity = properties.readModels().viewCacheSize();
        this.enabled = capacity > 0 && positions.writesHere() && readsWhatItWrote;
        this.maxWeight = maxWeight;
        if (enabled) {
            commands.whenWritten(this::written);
        }
    }

    /**
     * The answer to {@code query}: kept from an earlier read MongoDB has not changed since, or {@code load}ed, and
     * kept if {@code keep} says it is worth keeping (a view, not "there is none").
     */
    @SuppressWarnings("unchecked")
    public <R> R answer(Object query, Supplier<R> load, Predicate<? super R> keep) {
        if (!enabled) {
            return load.get();
        }
        View kept = byQuery.get(query);
        if (kept != null) {
            return (R) kept.answer;
        }
        long before = writes;
        ReadModelCommands.Read<R> read = commands.reading(load);
        R loaded = read.result();
        if (loaded != null && !read.touched().isNothing() && !read.touched().everything() && keep.test(loaded)) {
            keep(new View(query, loaded, read.touched(), ViewWeights.of(loaded)), before);
        }
        return loaded;
    }

    /**
     * Whether a read of {@code database} sees every write to it MongoDB has answered: reads from the primary, with
     * the local read concern, after acknowledged writes (the driver's defaults). Otherwise a view read after a write
     * may still be the one before it, which without the cache a later read corrects and with it would be kept.
     */
    static boolean readsWhatItWrote(MongoDatabase database) {
        ReadConcernLevel level = database.getReadConcern().getLevel();
        return database.getReadPreference().equals(ReadPreference.primary())
                && database.getWriteConcern().isAcknowledged()
                && (level == null || level == ReadConcernLevel.LOCAL);
    }

    /** How many views are kept now. */
    int size() {
        return byQuery.size();
    }

    /** How many documents the writes remembered name one by one. */
    int rememberedDocuments() {
        synchronized (lock) {
            return rememberedDocuments;
        }
    }

    private void keep(View view, long writesBefore) {
        if (view.weight > maxWeight) {
            return;
        }
        synchronized (lock) {
            if (writes != writesBefore && (recent.isEmpty() || recent.peekFirst().number > writesBefore + 1)) {
                return; // writes since the read began are no longer all remembered
            }
            for (var newestFirst = recent.descendingIterator(); newestFirst.hasNext(); ) {
                Write write = newestFirst.next();
                if (write.number <= writesBefore) {
                    break;
                }
                if (write.touched.meets(view.read)) {
                    return; // read while a write that changed it was under way
                }
            }
            if (byQuery.containsKey(view.query)) {
                return;
            }
            while (!oldestFirst.isEmpty() && (byQuery.size() >= capacity || weight + view.weight > maxWeight)) {
                forget(oldestFirst.iterator().next());
            }
            byQuery.put(view.query, view);
            weight += view.weight;
            oldestFirst.add(view);
            view.read.documents().forEach(document -> index(byDocument, document, view));
            view.read.collections().forEach(collection -> index(byWholeCollection, collection, view));
            view.read.in().forEach(collection -> index(byCollection, collection, view));
        }
    }

    /** A write MongoDB has answered: the views that read what it touched go. */
    private void written(Touched touched) {
        synchronized (lock) {
            writes = writes + 1;
            recent.addLast(new Write(writes, touched));
            rememberedDocuments += touched.documents().size();
            while (recent.size() > RECENT || (rememberedDocuments > REMEMBERED_DOCUMENTS && recent.size() > 1)) {
                rememberedDocuments -= recent.pollFirst().touched.documents().size();
            }
            if (byQuery.isEmpty()) {
                return;
            }
            if (touched.everything()) {
                byQuery.values().forEach(view -> view.forgotten = true);
                byQuery.clear();
                byDocument.clear();
                byWholeCollection.clear();
                byCollection.clear();
                oldestFirst.clear();
                weight = 0;
                return;
            }
            Set<View> stale = new HashSet<>();
            for (String document : touched.documents()) {
                addAll(stale, byDocument.get(document));
            }
            for (String collection : touched.in()) {
                addAll(stale, byWholeCollection.get(collection));
            }
            for (String collection : touched.collections()) {
                addAll(stale, byCollection.get(collection));
            }
            stale.forEach(this::forget);
        }
    }

    private static void addAll(Set<View> into, Set<View> views) {
        if (views != null) {
            into.addAll(views);
        }
    }

    /** Under the lock. */
    private void forget(View view) {
        if (view == null || view.forgotten) {
            return;
        }
        view.forgotten = true;
        byQuery.remove(view.query, view);
        oldestFirst.remove(view);
        weight -= view.weight;
        view.read.documents().forEach(document -> unindex(byDocument, document, view));
        view.read.collections().forEach(collection -> unindex(byWholeCollection, collection, view));
        view.read.in().forEach(collection -> unindex(byCollection, collection, view));
    }

    private static void index(Map<String, Set<View>> index, String key, View view) {
        index.computeIfAbsent(key, any -> new HashSet<>()).add(view);
    }

    private static void unindex(Map<String, Set<View>> index, String key, View view) {
        Set<View> views = index.get(key);
        if (views != null && views.remove(view) && views.isEmpty()) {
            index.remove(key);
        }
    }

    /** A view kept: what its query read, and whether it has gone. Equal only to itself. */
    private static final class View {
        final Object query;
        final Object answer;
        final Touched read;
        final long weight;
        /** Under the lock. */
        boolean forgotten;

        View(Object query, Object answer, Touched read, long weight) {
            this.query = query;
            this.answer = answer;
            this.read = read;
            this.weight = weight;
        }
    }

    /** The {@code number}th write answered, and what it touched. */
    private record Write(long number, Touched touched) {
    }
}
