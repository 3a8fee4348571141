package io.traceloom.command.tradeitemtag;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import io.traceloom.command.rejection.DomainRejectionException;
import io.traceloom.kernel.catalogue.TagSnapshot;
import io.traceloom.kernel.message.Rejection;
import io.traceloom.kernel.tradeitemtag.CreateTradeItemTag;
import io.traceloom.kernel.tradeitemtag.DeleteTradeItemTag;
import io.traceloom.kernel.tradeitemtag.TradeItemTagCatalogueId;
import io.traceloom.kernel.tradeitemtag.TradeItemTagCreated;
import io.traceloom.kernel.tradeitemtag.TradeItemTagDeleted;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.axonframework.eventhandling.Timestamp;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateCreationPolicy;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.CreationPolicy;
import org.axonframework.spring.stereotype.Aggregate;

/**
 * The trade item tags of one tenant. A code identifies a tag within its tenant for good: a deleted tag
 * keeps its code, so references to it never become ambiguous.
 */
@Aggregate(cache = "tradeItemTagCatalogueCache")
public class TradeItemTagCatalogue {

    @AggregateIdentifier
    private String id;
    private String tenantId;
    private final Map<String, Tag> tagsById = new HashMap<>();
    private final Map<String, Tag> tagsByCode = new HashMap<>();

    protected TradeItemTagCatalogue() {
        // for Axon
    }

    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    public void handle(CreateTradeItemTag command) {
        Tag holder = tagsByCode.get(command.code());
        if (holder != null) {
            throw new DomainRejectionException(Rejection.conflict("code",
                    "A trade item tag with code '" + command.code() + "' already exists"
                            + (holder.deleted() ? " (deleted)." : ".")));
        }
        if (tagsById.containsKey(command.tagId())) {
            throw new DomainRejectionException(Rejection.conflict("id",
                    "A trade item tag with id '" + command.tagId() + "' already exists."));
        }
        apply(new TradeItemTagCreated(command.tenantId(), command.tagId(), command.code(), command.name(),
                command.description()));
    }

    /** Deleting a deleted tag changes nothing and is not an error: DELETE is idempotent. */
    @CommandHandler
    public void handle(DeleteTradeItemTag command) {
        Tag tag = tagsById.get(command.tagId());
        if (tag == null) {
            throw new DomainRejectionException(Rejection.notFound(
                    "Trade item tag '" + command.tagId() + "' does not exist."));
        }
        if (!tag.deleted()) {
            apply(new TradeItemTagDeleted(tenantId, tag.id()));
        }
    }

    /** The live tag with this code, as other features' command handlers may put it on something. */
    public Optional<TagSnapshot> liveTag(String code) {
        return Optional.ofNullable(tagsByCode.get(code))
                .filter(tag -> !tag.deleted())
                .map(tag -> new TagSnapshot(tag.id(), tag.code(), tag.name(), tag.description(),
                        tag.createdAt(), tag.updatedAt(), tag.version()));
    }

    @EventSourcingHandler
    void on(TradeItemTagCreated event, @Timestamp Instant at, @SequenceNumber long sequence) {
        id = TradeItemTagCatalogueId.of(event.tenantId());
        tenantId = event.tenantId();
        remember(new Tag(event.tagId(), event.code(), event.name(), event.description(), at, at, sequence, false));
    }

    @EventSourcingHandler
    void on(TradeItemTagDeleted event, @Timestamp Instant at, @SequenceNumber long sequence) {
        Tag tag = tagsById.get(event.tagId());
        remember(new Tag(tag.id(), tag.code(), tag.name(), tag.description(), tag.createdAt(), at, sequence, true));
    }

    private void remember(Tag tag) {
        tagsById.put(tag.id(), tag);
        tagsByCode.put(tag.code(), tag);
    }

    /** @param version the catalogue's sequence number at the tag's last change */
    private record Tag(String id, String code, String name, String description, Instant createdAt,
                       Instant updatedAt, long version, boolean deleted) {
    }
}
