package io.traceloom.query.tenantuser;

import io.traceloom.kernel.tenantuser.TenantRegistered;
import io.traceloom.kernel.tenantuser.TenantView;
import io.traceloom.query.readmodel.TenantDocument;
import java.time.Instant;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.index.CompoundIndex;
import org.springframework.data.mongodb.core.mapping.Document;

/**
 * A registered tenant, keyed by its id: every request of an authenticated caller looks it up by {@code _id}
 * ({@link TenantUserQueries#handle(io.traceloom.kernel.tenantuser.CheckAdmission)}). Pure folds.
 *
 * @param externalId the tenant as the identity provider names it
 */
@Document(RegisteredTenantDocument.COLLECTION)
@CompoundIndex(name = "oldest_first", def = "{'createdAt': 1, '_id': 1}")
public record RegisteredTenantDocument(@Id String tenantId, String externalId, String name, boolean disabled,
                                       Instant createdAt, Instant updatedAt, long version) implements TenantDocument {

    public static final String COLLECTION = "tenants";

    public static RegisteredTenantDocument registered(TenantRegistered event, Instant at, long version) {
        return new RegisteredTenantDocument(event.tenantId(), event.externalId(), event.name(), false, at, at, version);
    }

    public RegisteredTenantDocument renamed(String newName, Instant at, long newVersion) {
        return new RegisteredTenantDocument(tenantId, externalId, newName, disabled, createdAt, at, newVersion);
    }

    public RegisteredTenantDocument disabled(boolean nowDisabled, Instant at, long newVersion) {
        return new RegisteredTenantDocument(tenantId, externalId, name, nowDisabled, createdAt, at, newVersion);
    }

    public TenantView toView() {
        return new TenantView(tenantId, externalId, name, disabled, createdAt, updatedAt, version);
    }
}
