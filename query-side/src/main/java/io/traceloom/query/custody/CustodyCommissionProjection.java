package io.traceloom.query.custody;

import io.traceloom.kernel.custody.CustodyCommissionConsumed;
import io.traceloom.kernel.custody.CustodyCommissionCreated;
import io.traceloom.kernel.custody.CustodyCommissionDeleted;
import io.traceloom.kernel.custody.CustodyCommissionUpdated;
import io.traceloom.query.readmodel.Documents;
import io.traceloom.query.readmodel.ReadModelWriter;
import java.time.Instant;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.axonframework.eventhandling.Timestamp;
import org.springframework.stereotype.Component;

@Component
@ProcessingGroup(CustodyCommissionProjection.PROCESSING_GROUP)
public class CustodyCommissionProjection {

    public static final String PROCESSING_GROUP = "custody-commissions";

    private final ReadModelWriter writer;

    public CustodyCommissionProjection(ReadModelWriter writer) {
        this.writer = writer;
    }

    private Documents<CustodyCommissionDocument> commissions() {
        return writer.documents(CustodyCommissionDocument.class, CustodyCommissionDocument::id);
    }

    @EventHandler
    void on(CustodyCommissionCreated event, @Timestamp Instant at, @SequenceNumber long version) {
        commissions().save(CustodyCommissionDocument.created(event, at, version));
    }

    @EventHandler
    void on(CustodyCommissionUpdated event, @Timestamp Instant at, @SequenceNumber long version) {
        Documents<CustodyCommissionDocument> commissions = commissions();
        CustodyCommissionDocument commission = commissions.find(event.commissionId());
        if (commission != null) {
            commissions.save(commission.updated(event, at, version));
        }
    }

    @EventHandler
    void on(CustodyCommissionConsumed event, @Timestamp Instant at, @SequenceNumber long version) {
        Documents<CustodyCommissionDocument> commissions = commissions();
        CustodyCommissionDocument commission = commissions.find(event.commissionId());
        if (commission != null) {
            commissions.save(commission.consumed(event, at, version));
        }
    }

    @EventHandler
    void on(CustodyCommissionDeleted event) {
        commissions().remove(event.commissionId());
    }

    @ResetHandler
    void reset() {
        writer.clear(CustodyCommissionDocument.class);
    }
}
