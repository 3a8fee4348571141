package io.traceloom.command.tradeitemtag;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.JsonAutoDetect.Visibility;
import io.traceloom.command.catalogue.CatalogueTags;
import io.traceloom.command.rejection.DomainRejectionException;
import io.traceloom.kernel.catalogue.TagSnapshot;
import io.traceloom.kernel.message.Rejection;
import io.traceloom.kernel.tradeitemtag.CreateTradeItemTag;
import io.traceloom.kernel.tradeitemtag.DeleteTradeItemTag;
import io.traceloom.kernel.tradeitemtag.TradeItemTagCatalogueId;
import io.traceloom.kernel.tradeitemtag.TradeItemTagCreated;
import io.traceloom.kernel.tradeitemtag.TradeItemTagDeleted;
import java.time.Instant;
import java.util.Optional;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.axonframework.eventhandling.Timestamp;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateCreationPolicy;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.CreationPolicy;
import org.axonframework.serialization.Revision;
import org.axonframework.spring.stereotype.Aggregate;

/**
 * The trade item tags of one tenant. A code identifies a tag within its tenant for good: a deleted tag
 * keeps its code, so references to it never become ambiguous.
 *
 * <p>One aggregate per tenant is the consistency boundary for code uniqueness, and for replacing the
 * whole catalogue at once. It stays cheap however large it grows: it stays in memory
 * ({@code CatalogueCache}), loads from a snapshot ({@code CatalogueSnapshots}; its fields are the
 * snapshot, serialized by Jackson: change them, change the revision), and its lock is held only while
 * the command decides and commits in memory, never while the disk is forced.
 */
@Aggregate(cache = "tradeItemTagCatalogueCache", snapshotTriggerDefinition = "tradeItemTagCatalogueSnapshots")
@Revision("1")
@JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE,
        isGetterVisibility = Visibility.NONE)
public class TradeItemTagCatalogue {

    @AggregateIdentifier
    private String id;
    private String tenantId;
    private CatalogueTags tags = new CatalogueTags();

    protected TradeItemTagCatalogue() {
        // for Axon
    }

    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    public void handle(CreateTradeItemTag command) {
        Optional<CatalogueTags.Tag> holder = tags.withCode(command.code());
        if (holder.isPresent()) {
            throw new DomainRejectionException(Rejection.conflict("code",
                    "A trade item tag with code '" + command.code() + "' already exists"
                            + (holder.get().deleted() ? " (deleted)." : ".")));
        }
        if (tags.withId(command.tagId()).isPresent()) {
            throw new DomainRejectionException(Rejection.conflict("id",
                    "A trade item tag with id '" + command.tagId() + "' already exists."));
        }
        apply(new TradeItemTagCreated(command.tenantId(), command.tagId(), command.code(), command.name(),
                command.description()));
    }

    /** Deleting a deleted tag changes nothing and is not an error: DELETE is idempotent. */
    @CommandHandler
    public void handle(DeleteTradeItemTag command) {
        CatalogueTags.Tag tag = tags.withId(command.tagId()).orElseThrow(() -> new DomainRejectionException(
                Rejection.notFound("Trade item tag '" + command.tagId() + "' does not exist.")));
        if (!tag.deleted()) {
            apply(new TradeItemTagDeleted(tenantId, tag.id()));
        }
    }

    /** The live tag with this code, as other features' command handlers may put it on something. */
    public Optional<TagSnapshot> liveTag(String code) {
        return tags.live(code);
    }

    @EventSourcingHandler
    void on(TradeItemTagCreated event, @Timestamp Instant at, @SequenceNumber long sequence) {
        id = TradeItemTagCatalogueId.of(event.tenantId());
        tenantId = event.tenantId();
        tags.put(new CatalogueTags.Tag(event.tagId(), event.code(), event.name(), event.description(), at, at,
                sequence, false));
    }

    @EventSourcingHandler
    void on(TradeItemTagDeleted event, @Timestamp Instant at, @SequenceNumber long sequence) {
        tags.withId(event.tagId()).ifPresent(tag -> tags.put(tag.deleted(at, sequence)));
    }
}
