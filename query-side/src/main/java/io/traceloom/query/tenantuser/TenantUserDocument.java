package io.traceloom.query.tenantuser;

import io.traceloom.kernel.tenantuser.TenantUserIds;
import io.traceloom.kernel.tenantuser.TenantUserRegistered;
import io.traceloom.kernel.tenantuser.TenantUserUpdated;
import io.traceloom.kernel.tenantuser.TenantUserView;
import io.traceloom.query.readmodel.TenantDocument;
import java.time.Instant;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.index.CompoundIndex;
import org.springframework.data.mongodb.core.mapping.Document;

/**
 * A user of a tenant, keyed by tenant and user ({@link TenantUserIds#user}): looked up by {@code _id} on every
 * request of an authenticated caller, to refuse a deleted one. A deleted user stays, marked so, until it
 * registers again. Pure folds.
 */
@Document(TenantUserDocument.COLLECTION)
@CompoundIndex(name = "tenant_live_oldest_first", def = "{'tenantId': 1, 'deleted': 1, 'createdAt': 1, '_id': 1}")
public record TenantUserDocument(@Id String id, String tenantId, String userId, String externalTenantId,
                                 String subject, String name, String email, boolean deleted, Instant createdAt,
                                 Instant updatedAt, long version) implements TenantDocument {

    public static final String COLLECTION = "tenant_users";

    public static TenantUserDocument registered(TenantUserRegistered event, Instant at, long version) {
        return new TenantUserDocument(TenantUserIds.user(event.tenantId(), event.userId()), event.tenantId(),
                event.userId(), event.externalTenantId(), event.subject(), event.name(), event.email(), false, at, at,
                version);
    }

    public TenantUserDocument updated(TenantUserUpdated event, Instant at, long newVersion) {
        return new TenantUserDocument(id, tenantId, userId, externalTenantId, subject, event.name(), event.email(),
                deleted, createdAt, at, newVersion);
    }

    public TenantUserDocument deleted(Instant at, long newVersion) {
        return new TenantUserDocument(id, tenantId, userId, externalTenantId, subject, name, email, true, createdAt,
                at, newVersion);
    }

    public TenantUserView toView() {
        return new TenantUserView(userId, tenantId, externalTenantId, subject, name, email, createdAt, updatedAt,
                version);
    }
}
