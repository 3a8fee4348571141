package io.traceloom.query.readmodel;

import java.util.List;
import java.util.function.Function;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.query.Query;

/**
 * Reads one page of a collection, oldest first unless told otherwise, and counts the whole; or, for a read
 * model whose projection keeps {@link TenantLists}, one page of a tenant's list without a scan or a count.
 */
public final class MongoPages {

    private static final Sort OLDEST_FIRST = Sort.by("createdAt", "_id");

    private MongoPages() {
    }

    public record Slice<T>(List<T> items, long total) {
    }

    public static <T> Slice<T> find(MongoTemplate mongo, Query query, Class<T> type, int page, int limit) {
        return find(mongo, query, type, page, limit, OLDEST_FIRST);
    }

    /** As {@link #find(MongoTemplate, Query, Class, int, int)}, in another order. */
    public static <T> Slice<T> find(MongoTemplate mongo, Query query, Class<T> type, int page, int limit, Sort order) {
        long total = mongo.count(query, type);
        Query pageQuery = Query.of(query).with(order).skip((long) (page - 1) * limit).limit(limit);
        List<T> items = total == 0 ? List.of() : mongo.find(pageQuery, type);
        return new Slice<>(items, total);
    }

    /**
     * One page of the tenant's documents of {@code type}, oldest first, from the {@link TenantLists} its
     * projection keeps: the head, the chunks the page needs, and the page's documents, each read by id and
     * checked to be the tenant's, as {@link TenantDocument#findById} does.
     */
    public static <T extends TenantDocument> Slice<T> listed(MongoTemplate mongo, Class<T> type,
                                                             Function<T, String> idOf, String tenantId,
                                                             int page, int limit) {
        TenantLists.Page ids = TenantLists.page(mongo, type, tenantId, page, limit);
        List<T> items = TenantLists.inOrder(mongo, type, ids.ids(), idOf).stream()
                .filter(document -> document.tenantId().equals(tenantId))
                .toList();
        return new Slice<>(items, ids.total());
    }
}
