package io.traceloom.api.readmodel;

import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * What a MongoDB command reads or writes, as {@link Touched}, told from the command as the driver sends it. Where a
 * command is not understood in full, the answer is wider, never narrower: a query by anything but {@code _id} (or by
 * an id that is not text, a number or an ObjectId) touches its whole collection, and a command not known here
 * touches everything.
 */
final class MongoCommands {

    private static final Set<String> READS = Set.of("find", "getMore", "count", "distinct", "aggregate",
            "findAndModify", "findandmodify");
    private static final Set<String> WRITES = Set.of("insert", "update", "delete", "findAndModify", "findandmodify",
            "drop", "renameCollection", "dropDatabase");
    /** Commands that change no document, and whose answers no view is made of. */
    private static final Set<String> NEUTRAL = Set.of("hello", "isMaster", "ismaster", "ping", "buildInfo",
            "buildinfo", "endSessions", "killCursors", "listIndexes", "listCollections", "listDatabases",
            "createIndexes", "dropIndexes", "create", "serverStatus", "dbStats", "collStats", "getParameter",
            "getLastError", "saslStart", "saslContinue", "connectionStatus", "whatsmyuri", "hostInfo", "getLog");
    /** Stages of a pipeline that read or write collections besides its own. */
    private static final Set<String> OTHER_COLLECTIONS = Set.of("$lookup", "$graphLookup", "$unionWith", "$out",
            "$merge");

    private MongoCommands() {
    }

    /** What {@code command} reads, for a view made of its answer; {@code null} if it reads nothing such. */
    static Touched readBy(String name, String database, BsonDocument command) {
        if (!READS.contains(name) && (WRITES.contains(name) || NEUTRAL.contains(name))) {
            return null;
        }
        if (!READS.contains(name)) {
            return Touched.EVERYTHING;
        }
        String collection = name.equals("getMore") ? text(command, "collection") : text(command, name);
        if (collection == null) {
            return Touched.EVERYTHING;
        }
        String namespace = database + '.' + collection;
        switch (name) {
            case "find" -> {
                BsonValue filter = command.get("filter");
                return filter != null && filter.isDocument() ? matching(namespace, filter.asDocument())
                        : whole(namespace);
            }
            case "findAndModify", "findandmodify" -> {
                BsonValue query = command.get("query");
                return query != null && query.isDocument() ? matching(namespace, query.asDocument()) : whole(namespace);
            }
            case "aggregate" -> {
                return reachesOtherCollections(command) ? Touched.EVERYTHING : whole(namespace);
            }
            default -> {
                return whole(namespace);
            }
        }
    }

    /** What {@code command} may change once it has run; {@code null} if it changes no document. */
    static Touched writtenBy(String name, String database, BsonDocument command) {
        if (name.equals("aggregate")) {
            return reachesOtherCollections(command) ? Touched.EVERYTHING : null;
        }
        if (!WRITES.contains(name) && (READS.contains(name) || NEUTRAL.contains(name))) {
            return null;
        }
        if (name.equals("dropDatabase") || !WRITES.contains(name)) {
            return Touched.EVERYTHING;
        }
        if (name.equals("renameCollection")) {
            String from = text(command, "renameCollection");
            String to = text(command, "to");
            return from == null || to == null ? Touched.EVERYTHING : Touched.collections(from, to);
        }
        String collection = text(command, name);
        if (collection == null) {
            return Touched.EVERYTHING;
        }
        String namespace = database + '.' + collection;
        return switch (name) {
            case "insert" -> each(namespace, command.get("documents"), document -> document);
            case "update" -> each(namespace, command.get("updates"), update -> update.get("q"));
            case "delete" -> each(namespace, command.get("deletes"), delete -> delete.get("q"));
            case "findAndModify", "findandmodify" -> {
                BsonValue query = command.get("query");
                yield query != null && query.isDocument() ? matching(namespace, query.asDocument()) : whole(namespace);
            }
            default -> whole(namespace); // drop
        };
    }

    /** Whether a pipeline's stages read or write collections besides its own, or are not understood. */
    private static boolean reachesOtherCollections(BsonDocument aggregate) {
        BsonValue pipeline = aggregate.get("pipeline");
        if (pipeline == null || !pipeline.isArray()) {
            return true;
        }
        for (BsonValue stage : pipeline.asArray()) {
            if (!stage.isDocument() || stage.asDocument().keySet().stream().anyMatch(OTHER_COLLECTIONS::contains)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The document {@code filter} picks by {@code _id}, or the documents of an {@code _id: {$in: [...]}}; else the
     * whole collection. Other conditions beside {@code _id} only narrow what the id picks.
     */
    private static Touched matching(String namespace, BsonDocument filter) {
        BsonValue id = filter.get("_id");
        if (id == null) {
            return whole(namespace);
        }
        if (id.isDocument() && id.asDocument().size() == 1) {
            BsonDocument operator = id.asDocument();
            if (operator.containsKey("$eq")) {
                id = operator.get("$eq");
            } else if (operator.containsKey("$in") && operator.get("$in").isArray()) {
                Touched.Builder documents = new Touched.Builder();
                for (BsonValue one : operator.get("$in").asArray()) {
                    documents.add(document(namespace, one));
                }
                return documents.build();
            }
        }
        return document(namespace, id);
    }

    private static Touched each(String namespace, BsonValue items, java.util.function.Function<BsonDocument, BsonValue> filterOf) {
        if (items == null || !items.isArray()) {
            return whole(namespace);
        }
        BsonArray array = items.asArray();
        Touched.Builder touched = new Touched.Builder();
        for (BsonValue item : array) {
            BsonValue filter = item.isDocument() ? filterOf.apply(item.asDocument()) : null;
            if (filter == null || !filter.isDocument()) {
                return whole(namespace);
            }
            Touched one = matching(namespace, filter.asDocument());
            if (!one.collections().isEmpty()) {
                return one;
            }
            touched.add(one);
        }
        return touched.build();
    }

    private static Touched document(String namespace, BsonValue id) {
        String key = idKey(id);
        return key == null ? whole(namespace) : Touched.documents(Touched.document(namespace, key));
    }

    private static Touched whole(String namespace) {
        return Touched.collections(namespace);
    }

    /**
     * An id as a key, equal for ids MongoDB finds equal: text, whole numbers of either width, ObjectIds; {@code null}
     * for any other (a document, an operator), which is then taken as its whole collection.
     */
    static String idKey(BsonValue id) {
        if (id.isString()) {
            return "s" + id.asString().getValue();
        }
        if (id.isInt32() || id.isInt64()) {
            return "n" + id.asNumber().longValue();
        }
        if (id.isObjectId()) {
            return "o" + id.asObjectId().getValue().toHexString();
        }
        return null;
    }

    private static String text(BsonDocument command, String key) {
        BsonValue value = command.get(key);
        return value != null && value.isString() ? value.asString().getValue() : null;
    }
}
