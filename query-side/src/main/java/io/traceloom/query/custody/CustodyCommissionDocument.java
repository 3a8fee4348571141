package io.traceloom.query.custody;

import io.traceloom.kernel.custody.CustodyCommissionConsumed;
import io.traceloom.kernel.custody.CustodyCommissionCreated;
import io.traceloom.kernel.custody.CustodyCommissionUpdated;
import io.traceloom.kernel.custody.CustodyCommissionView;
import io.traceloom.query.readmodel.TenantDocument;
import java.time.Instant;
import java.util.List;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.index.CompoundIndex;
import org.springframework.data.mongodb.core.mapping.Document;

/**
 * A custody commission in the read model. Pure folds, no I/O: the same code serves the projection and, later,
 * a commission as of any point in its history.
 *
 * @param consumed whether it has been consumed (lists filter on it)
 */
@Document(CustodyCommissionDocument.COLLECTION)
@CompoundIndex(name = "tenant_oldest_first", def = "{'tenantId': 1, 'createdAt': 1, '_id': 1}")
public record CustodyCommissionDocument(@Id String id, String tenantId, String identifier,
                                        List<String> registeredConsumers, boolean consumed, String consumedBy,
                                        Instant consumedAt, Instant createdAt, Instant updatedAt, long version)
        implements TenantDocument {

    public static final String COLLECTION = "custody_commissions";

    public static CustodyCommissionDocument created(CustodyCommissionCreated event, Instant at, long version) {
        return new CustodyCommissionDocument(event.commissionId(), event.tenantId(), event.identifier(),
                event.registeredConsumers(), false, null, null, at, at, version);
    }

    public CustodyCommissionDocument updated(CustodyCommissionUpdated event, Instant at, long newVersion) {
        return new CustodyCommissionDocument(id, tenantId, identifier, event.registeredConsumers(), consumed,
                consumedBy, consumedAt, createdAt, at, newVersion);
    }

    public CustodyCommissionDocument consumed(CustodyCommissionConsumed event, Instant at, long newVersion) {
        return new CustodyCommissionDocument(id, tenantId, identifier, registeredConsumers, true, event.consumedBy(),
                at, createdAt, at, newVersion);
    }

    public CustodyCommissionView toView() {
        return new CustodyCommissionView(id, identifier, registeredConsumers, createdAt, updatedAt, consumedBy,
                consumedAt, version);
    }
}
