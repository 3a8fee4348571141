package io.traceloom.api.embedded.store;

import de.bwaldvogel.mongo.MongoCollection;
import de.bwaldvogel.mongo.bson.Document;
import java.util.List;
import java.util.Optional;

/**
 * The aggregation a driver's {@code countDocuments} sends: {@code $match}, perhaps {@code $skip} and
 * {@code $limit}, and {@code $group} of {@code {_id: 1, n: {$sum: 1}}}. mongo-java-server runs every aggregation
 * over every document of the collection; this one is answered by the collection's count, which an index can
 * give without reading a document ({@link StoreCollection#count}).
 */
record CountPipeline(Document match, int skip, int limit) {

    private static final Document GROUP = new Document("_id", 1).append("n", new Document("$sum", 1));

    /** The count this pipeline asks for, or empty when it asks for something else. */
    static Optional<CountPipeline> of(Object pipeline) {
        if (!(pipeline instanceof List<?> stages) || stages.size() < 2 || stages.size() > 4
                || !(stages.get(0) instanceof Document first) || !(first.get("$match") instanceof Document match)
                || first.size() != 1 || !(stages.get(stages.size() - 1) instanceof Document last)
                || last.size() != 1 || !GROUP.equals(last.get("$group"))) {
            return Optional.empty();
        }
        int skip = 0;
        int limit = 0;
        for (Object stage : stages.subList(1, stages.size() - 1)) {
            if (!(stage instanceof Document step) || step.size() != 1) {
                return Optional.empty();
            }
            if (step.get("$skip") instanceof Number n && limit == 0) {
                skip = n.intValue();
            } else if (step.get("$limit") instanceof Number n) {
                limit = n.intValue();
            } else {
                return Optional.empty();
            }
        }
        return Optional.of(new CountPipeline(match, skip, limit));
    }

    /** MongoDB's answer: one document {@code {_id: 1, n: count}}, none when nothing matched. */
    Document answer(MongoCollection<?> collection) {
        int count = collection.count(match, skip, limit);
        List<Document> batch = count == 0 ? List.of() : List.of(new Document("_id", 1).append("n", count));
        return new Document("cursor", new Document("id", 0L).append("ns", collection.getFullName())
                .append("firstBatch", batch)).append("ok", 1.0);
    }
}
