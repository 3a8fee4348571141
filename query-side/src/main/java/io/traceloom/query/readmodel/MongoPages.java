package io.traceloom.query.readmodel;

import java.util.List;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.query.Query;

/** Reads one page of a collection, oldest first unless told otherwise, and counts the whole. */
public final class MongoPages {

    private static final Sort OLDEST_FIRST = Sort.by("createdAt", "_id");

    private MongoPages() {
    }

    public record Slice<T>(List<T> items, long total) {
    }

    public static <T> Slice<T> find(MongoTemplate mongo, Query query, Class<T> type, int page, int limit) {
        return find(mongo, query, type, page, limit, OLDEST_FIRST);
    }

    public static <T> Slice<T> find(MongoTemplate mongo, Query query, Class<T> type, int page, int limit, Sort order) {
        long total = mongo.count(query, type);
        Query pageQuery = Query.of(query).with(order).skip((long) (page - 1) * limit).limit(limit);
        List<T> items = total == 0 ? List.of() : mongo.find(pageQuery, type);
        return new Slice<>(items, total);
    }
}
