package io.traceloom.api.readmodel;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import io.traceloom.query.processing.QuerySideProperties;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventhandling.tokenstore.GenericTokenEntry;
import org.axonframework.serialization.Serializer;
import org.bson.Document;
import org.bson.types.Binary;
import org.springframework.data.mongodb.MongoDatabaseFactory;
import org.springframework.stereotype.Component;

/**
 * The projections' segments as Axon's Mongo token store keeps them, read without claiming any (the token
 * store's own API reads a token only by claiming its segment): where each stands, and which process claims it.
 */
@Component
public class TokenStoreSegments {

    /** Where Axon's Mongo token store keeps its tokens (its default collection name). */
    public static final String COLLECTION = "trackingtokens";

    /**
     * One segment of a projection in the token store.
     *
     * @param segment   its number
     * @param token     how far it is (null before its first event)
     * @param owner     the process that claims it (its {@code traceloom.node-url}, else {@code pid@host}), or null
     * @param claimedAt when its owner last renewed the claim (epoch milliseconds)
     */
    public record StoredSegment(int segment, TrackingToken token, String owner, long claimedAt) {
    }

    private final MongoCollection<Document> tokens;
    private final Serializer serializer;
    private final Duration claimTimeout;

    public TokenStoreSegments(MongoDatabaseFactory mongo, Serializer serializer, QuerySideProperties projections) {
        this.tokens = mongo.getMongoDatabase().getCollection(COLLECTION);
        this.serializer = serializer;
        this.claimTimeout = projections.claimTimeout();
    }

    MongoCollection<Document> collection() {
        return tokens;
    }

    /** The segments of these projections, by projection, each list by segment number. */
    public Map<String, List<StoredSegment>> of(Collection<String> projections) {
        Map<String, List<StoredSegment>> read = new LinkedHashMap<>();
        for (Document document : tokens.find(Filters.in("processorName", projections))) {
            read.computeIfAbsent(document.getString("processorName"), name -> new ArrayList<>())
                    .add(segment(document));
        }
        read.values().forEach(segments -> segments.sort(Comparator.comparingInt(StoredSegment::segment)));
        return read;
    }

    /** Whether the segment's claim is held: owned, and renewed within the claim timeout. */
    public boolean claimed(StoredSegment segment) {
        return segment.owner() != null && segment.claimedAt() > System.currentTimeMillis() - claimTimeout.toMillis();
    }

    /** The processes that hold live claims on segments of the projection, in segment order, each once. */
    public List<String> owners(String projection) {
        return of(List.of(projection)).getOrDefault(projection, List.of()).stream()
                .filter(this::claimed).map(StoredSegment::owner).distinct().toList();
    }

    private StoredSegment segment(Document document) {
        Binary data = document.get("token", Binary.class);
        String type = document.getString("tokenType");
        Number timestamp = document.get("timestamp", Number.class);
        long claimedAt = timestamp == null ? 0 : timestamp.longValue();
        TrackingToken token = data == null || type == null ? null
                : new GenericTokenEntry<>(data.getData(), type, Instant.ofEpochMilli(claimedAt).toString(),
                        document.getString("owner"), document.getString("processorName"),
                        document.getInteger("segment"), byte[].class).getToken(serializer);
        return new StoredSegment(document.getInteger("segment"), token, document.getString("owner"), claimedAt);
    }
}
