package io.traceloom.query.partnertag;

import static io.traceloom.query.partnertag.PartnerTagDocument.READ_MODEL;

import io.traceloom.kernel.catalogue.TagSetPlace;
import io.traceloom.kernel.partnertag.PartnerTagCreated;
import io.traceloom.kernel.partnertag.PartnerTagDeleted;
import io.traceloom.kernel.partnertag.PartnerTagRestored;
import io.traceloom.kernel.partnertag.PartnerTagUpdated;
import io.traceloom.query.readmodel.ReadModelWriter;
import java.time.Instant;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.axonframework.eventhandling.Timestamp;
import org.axonframework.messaging.MetaData;
import org.springframework.stereotype.Component;

@Component
@ProcessingGroup(PartnerTagProjection.PROCESSING_GROUP)
public class PartnerTagProjection {

    public static final String PROCESSING_GROUP = "partner-tags";

    private final ReadModelWriter writer;

    public PartnerTagProjection(ReadModelWriter writer) {
        this.writer = writer;
    }

    @EventHandler
    void on(PartnerTagCreated event, @Timestamp Instant at, @SequenceNumber long version,
            MetaData metaData) {
        READ_MODEL.created(writer, event, at, version, TagSetPlace.of(metaData));
    }

    @EventHandler
    void on(PartnerTagUpdated event, @Timestamp Instant at, @SequenceNumber long version,
            MetaData metaData) {
        READ_MODEL.updated(writer, event, at, version, TagSetPlace.of(metaData));
    }

    @EventHandler
    void on(PartnerTagDeleted event, @Timestamp Instant at, @SequenceNumber long version,
            MetaData metaData) {
        READ_MODEL.deleted(writer, event, at, version, TagSetPlace.of(metaData));
    }

    @EventHandler
    void on(PartnerTagRestored event, @Timestamp Instant at, @SequenceNumber long version,
            MetaData metaData) {
        READ_MODEL.restored(writer, event, at, version, TagSetPlace.of(metaData));
    }

    @ResetHandler
    void reset() {
        READ_MODEL.clear(writer);
    }
}
