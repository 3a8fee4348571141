package io.traceloom.api.embedded;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoCursor;
import com.mongodb.client.MongoDatabase;
import io.traceloom.command.storage.OwnerOnlyFiles;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.function.LongFunction;
import java.util.function.Supplier;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

/**
 * The embedded MongoDB's read models and tracking tokens, kept across a clean stop: saved to
 * {@code <data-dir>/read-models/} when the service stops, after its projections have stopped, and put back
 * at the next start before any projection runs, so the projections go on from where they stood instead of
 * rebuilding every read model from the first event.
 *
 * <p>They are put back only when they can be trusted:
 * <ul>
 *   <li>the same code saved them (a digest of every Traceloom class): another build may fold events
 *       differently, so its read models are rebuilt;</li>
 *   <li>the event store still holds, at the position that was its head when they were saved, the very event
 *       that was there: it is the same store, grown or not. Read models are consistent with their tokens,
 *       and the store only ever grows, so the projections catch up from those tokens with whatever came
 *       since; a store restored from an older backup, or another one, gets its read models rebuilt.</li>
 * </ul>
 * A crash saves nothing: the next start puts back what the last clean stop saved, if the above still holds,
 * and the projections catch up from there. A file that cannot be read is set aside and everything is rebuilt.
 * Rebuilds in progress ({@code *_rebuild}) are not saved.
 *
 * <p>Both ways a read model of any size goes through in batches: read in the batches the embedded MongoDB
 * answers with (at most 16 MB each, {@link EmbeddedMongoBackend}), written in inserts of at most as much.
 *
 * <p>The file: BSON documents, each after a byte that says what it is: the header ({@code H}), a collection's
 * name ({@code C}), a document of that collection ({@code D}); and a last byte, {@code E}, without which the
 * file is incomplete.
 */
public final class SavedReadModels {

    private static final Logger log = LoggerFactory.getLogger(SavedReadModels.class);
    static final String FILE = "traceloom.bson";
    private static final int FORMAT = 1;
    private static final int INSERT_BATCH = 1000;
    /** What one insert carries at most, as one batch of a query's answer does (MongoDB's 16 MB). */
    private static final int INSERT_BATCH_BYTES = 16 * 1024 * 1024;
    private static final int HEADER = 'H';
    private static final int COLLECTION = 'C';
    private static final int DOCUMENT = 'D';
    private static final int END = 'E';
    /** MongoDB's largest document, and some. */
    private static final int MAX_DOCUMENT = 17 * 1024 * 1024;

    /** Where the event store's head stands: its position and the identifier of the event there. */
    public record Head(long position, String eventIdentifier) {
    }

    /** What a start put back. */
    public record Restored(Instant savedAt, long documents, long millis) {
    }

    private final Path file;
    private final String database;
    private final Supplier<Optional<Head>> head;
    private final LongFunction<Optional<String>> identifierAt;
    private final Supplier<String> code;
    private String digest;
    private Restored restored;

    /**
     * @param directory    where the file is kept
     * @param database     the database of the read models
     * @param head         the event store's head now, or empty when it holds no event or cannot be asked
     * @param identifierAt the identifier of the event at a position, or empty when there is none
     */
    public SavedReadModels(Path directory, String database, Supplier<Optional<Head>> head,
                           LongFunction<Optional<String>> identifierAt) {
        this(directory, database, head, identifierAt, CodeDigest::ofTraceloom);
    }

    SavedReadModels(Path directory, String database, Supplier<Optional<Head>> head,
                    LongFunction<Optional<String>> identifierAt, Supplier<String> code) {
        this.file = directory.resolve(FILE);
        this.database = database;
        this.head = head;
        this.identifierAt = identifierAt;
        this.code = code;
    }

    /** The digest of the code, worked out the first time it is needed (about 0.1 s). */
    private synchronized String code() {
        if (digest == null) {
            long started = System.nanoTime();
            digest = code.get();
            log.debug("The code's digest took {} ms", (System.nanoTime() - started) / 1_000_000);
        }
        return digest;
    }

    /** What the start put back, if anything. */
    public Optional<Restored> restored() {
        return Optional.ofNullable(restored);
    }

    /** Puts back what the last clean stop saved, when it can be trusted (see above); else leaves the database empty. */
    public void restore(String uri) {
        if (!Files.exists(file)) {
            return;
        }
        long started = System.nanoTime();
        try (MongoClient client = MongoClients.create(uri);
             DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16))) {
            expect(in, HEADER);
            BsonDocument header = read(in);
            Optional<String> untrusted = untrusted(header);
            if (untrusted.isPresent()) {
                log.info("Read models saved at {} are not put back ({}): every projection rebuilds its read model "
                        + "from the events", savedAt(header), untrusted.get());
                Files.deleteIfExists(file);
                return;
            }
            long documents = copy(in, client.getDatabase(database));
            restored = new Restored(savedAt(header), documents, (System.nanoTime() - started) / 1_000_000);
            log.info("Read models saved at {} put back ({} documents in {} ms): the projections go on from where "
                    + "they stood", restored.savedAt(), documents, restored.millis());
        } catch (IOException | RuntimeException e) {
            log.warn("Read models saved in {} could not be put back ({}): every projection rebuilds its read model "
                    + "from the events", file, e.toString());
            try (MongoClient client = MongoClients.create(uri)) {
                client.getDatabase(database).drop();
            }
            setAside();
        }
    }

    /** Saves every collection of the read models' database (rebuilds in progress left out), replacing the last. */
    public void save(String uri) {
        Optional<Head> now = head.get();
        if (now.isEmpty()) {
            return;
        }
        long started = System.nanoTime();
        try (MongoClient client = MongoClients.create(uri)) {
            MongoDatabase source = client.getDatabase(database);
            List<String> collections = new ArrayList<>();
            source.listCollectionNames().forEach(collections::add);
            collections.removeIf(name -> name.endsWith("_rebuild") || name.startsWith("system."));
            collections.sort(Comparator.naturalOrder());
            BsonDocument header = new BsonDocument("format", new BsonInt64(FORMAT))
                    .append("code", new BsonString(code()))
                    .append("savedAt", new BsonString(Instant.now().toString()))
                    .append("headPosition", new BsonInt64(now.get().position()))
                    .append("headEvent", new BsonString(now.get().eventIdentifier()));
            long[] documents = {0};
            Files.deleteIfExists(file);
            OwnerOnlyFiles.createNew(file, out -> {
                write(out, HEADER, header);
                for (String name : collections) {
                    write(out, COLLECTION, new BsonDocument("collection", new BsonString(name)));
                    try (MongoCursor<RawBsonDocument> all = source.getCollection(name, RawBsonDocument.class)
                            .find().batchSize(INSERT_BATCH).iterator()) {
                        while (all.hasNext()) {
                            write(out, DOCUMENT, all.next());
                            documents[0]++;
                        }
                    }
                }
                out.write(END);
            });
            log.info("Read models saved to {} ({} documents in {} ms) for the next start", file, documents[0],
                    (System.nanoTime() - started) / 1_000_000);
        } catch (IOException | RuntimeException e) {
            log.warn("Read models could not be saved to {} ({}): the next start rebuilds them from the events",
                    file, e.toString());
            try {
                Files.deleteIfExists(file);
            } catch (IOException ignored) {
                // the next start finds a file it cannot read, and sets it aside
            }
        }
    }

    /** Why the saved read models cannot be trusted, or empty when they can. */
    private Optional<String> untrusted(BsonDocument header) {
        if (!header.containsKey("format") || header.getInt64("format").getValue() != FORMAT) {
            return Optional.of("another file format");
        }
        if (!code().equals(header.getString("code").getValue())) {
            return Optional.of("another build of the service saved them");
        }
        long position = header.getInt64("headPosition").getValue();
        String identifier = header.getString("headEvent").getValue();
        if (!identifierAt.apply(position).map(identifier::equals).orElse(false)) {
            return Optional.of("the event store does not hold, at position " + position + ", the event that was its "
                    + "head when they were saved: it is another store, or an older copy");
        }
        return Optional.empty();
    }

    private static Instant savedAt(BsonDocument header) {
        return header.containsKey("savedAt") ? Instant.parse(header.getString("savedAt").getValue()) : null;
    }

    /**
     * Inserts the file's documents into their collections, up to its end mark, in batches of at most
     * {@value #INSERT_BATCH} documents and {@value #INSERT_BATCH_BYTES} bytes: a read model of any size is
     * streamed through, never held; the number inserted.
     */
    private static long copy(DataInputStream in, MongoDatabase target) throws IOException {
        long documents = 0;
        MongoCollection<RawBsonDocument> collection = null;
        List<RawBsonDocument> batch = new ArrayList<>(INSERT_BATCH);
        long batchBytes = 0;
        for (int tag = in.read(); tag != END; tag = in.read()) {
            if (tag == COLLECTION) {
                insert(collection, batch);
                batchBytes = 0;
                collection = target.getCollection(read(in).getString("collection").getValue(), RawBsonDocument.class);
            } else if (tag == DOCUMENT && collection != null) {
                RawBsonDocument document = read(in);
                batch.add(document);
                batchBytes += document.getByteBuffer().remaining();
                documents++;
                if (batch.size() == INSERT_BATCH || batchBytes >= INSERT_BATCH_BYTES) {
                    insert(collection, batch);
                    batchBytes = 0;
                }
            } else {
                throw new IOException(tag < 0 ? "the file is incomplete" : "an unknown mark " + tag);
            }
        }
        insert(collection, batch);
        return documents;
    }

    private static void insert(MongoCollection<RawBsonDocument> collection, List<RawBsonDocument> batch) {
        if (!batch.isEmpty()) {
            collection.insertMany(batch);
            batch.clear();
        }
    }

    /** Keeps an unreadable file for a look, out of the next start's way; a start goes on if it cannot. */
    private void setAside() {
        try {
            Files.move(file, file.resolveSibling(FILE + ".unreadable"), StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            log.warn("{} could not be set aside ({}); the next clean stop replaces it", file, e.toString());
        }
    }

    private static void write(OutputStream out, int tag, BsonDocument document) throws IOException {
        RawBsonDocument raw = document instanceof RawBsonDocument given
                ? given : new RawBsonDocument(document, new BsonDocumentCodec());
        ByteBuffer bytes = raw.getByteBuffer().asNIO();
        out.write(tag);
        out.write(bytes.array(), bytes.arrayOffset() + bytes.position(), bytes.remaining());
    }

    private static void expect(DataInputStream in, int tag) throws IOException {
        int found = in.read();
        if (found != tag) {
            throw new IOException("expected the mark " + (char) tag + ", found " + found);
        }
    }

    private static RawBsonDocument read(DataInputStream in) throws IOException {
        byte[] length = new byte[4];
        in.readFully(length);
        int size = ByteBuffer.wrap(length).order(ByteOrder.LITTLE_ENDIAN).getInt();
        if (size < 5 || size > MAX_DOCUMENT) {
            throw new IOException("a document of " + size + " bytes");
        }
        byte[] bytes = Arrays.copyOf(length, size);
        in.readFully(bytes, 4, size - 4);
        return new RawBsonDocument(bytes);
    }

    /** A digest of the service's own classes: what folds events into read models. */
    static final class CodeDigest {

        private CodeDigest() {
        }

        static String ofTraceloom() {
            try {
                Resource[] classes = new PathMatchingResourcePatternResolver(SavedReadModels.class.getClassLoader())
                        .getResources("classpath*:io/traceloom/**/*.class");
                List<Resource> sorted = new ArrayList<>(Arrays.asList(classes));
                sorted.sort(Comparator.comparing(CodeDigest::name));
                MessageDigest digest = MessageDigest.getInstance("SHA-256");
                for (Resource resource : sorted) {
                    digest.update(name(resource).getBytes(StandardCharsets.UTF_8));
                    try (InputStream in = resource.getInputStream()) {
                        digest.update(in.readAllBytes());
                    }
                }
                return HexFormat.of().formatHex(digest.digest());
            } catch (IOException | NoSuchAlgorithmException e) {
                throw new IllegalStateException("cannot read the service's classes", e);
            }
        }

        /** The class's name from {@code io/traceloom/} on, wherever it was found. */
        private static String name(Resource resource) {
            try {
                String url = resource.getURL().toString();
                return url.substring(url.lastIndexOf("io/traceloom/"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
