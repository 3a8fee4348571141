package io.traceloom.query.readmodel;

import java.util.List;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/**
 * One document of a {@link TenantLists} collection. Two kinds share the collection, told apart by their id:
 * <ul>
 *   <li>a tenant's <em>head</em>: how many documents the tenant's list holds, and how many each chunk holds
 *       ({@code sizes}, chunk 0 first);</li>
 *   <li>a <em>chunk</em>: up to {@link TenantLists#CHUNK} ids in order of creation ({@code ids}), and its
 *       number ({@code chunk}).</li>
 * </ul>
 * Fields a kind does not use are empty. The collection is always named where the part is read or written
 * ({@code @Document} only makes it a document root, declaring no index).
 */
@Document
record ListPart(@Id String id, long count, List<Integer> sizes, List<String> ids, int chunk) {

    static String headId(String tenantId) {
        return "h:" + tenantId;
    }

    /** Tenant ids may hold any character: the length keeps the tenant and the rest apart. */
    static String chunkId(String tenantId, int chunk) {
        return "c:" + tenantId.length() + ":" + tenantId + ":" + chunk;
    }

    static ListPart head(String tenantId, long count, List<Integer> sizes) {
        return new ListPart(headId(tenantId), count, List.copyOf(sizes), List.of(), 0);
    }

    static ListPart chunk(String tenantId, int chunk, List<String> ids) {
        return new ListPart(chunkId(tenantId, chunk), 0, List.of(), List.copyOf(ids), chunk);
    }
}
