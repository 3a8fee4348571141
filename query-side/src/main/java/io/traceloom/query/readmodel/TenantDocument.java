package io.traceloom.query.readmodel;

import java.util.Optional;
import org.springframework.data.mongodb.core.MongoTemplate;

/** A read-model document that belongs to one tenant. */
public interface TenantDocument {

    String tenantId();

    /**
     * The document with this id if it belongs to the tenant; another tenant's document does not exist for
     * the caller. Looked up by {@code _id} alone and checked here: a primary-key lookup on every MongoDB,
     * where mongo-java-server scans the whole collection for any query with more than {@code _id}.
     */
    static <D extends TenantDocument> Optional<D> findById(MongoTemplate mongo, Class<D> type, String id,
                                                          String tenantId) {
        return Optional.ofNullable(mongo.findById(id, type)).filter(found -> found.tenantId().equals(tenantId));
    }
}
