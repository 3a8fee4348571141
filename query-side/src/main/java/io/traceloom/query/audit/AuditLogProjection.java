package io.traceloom.query.audit;

import io.traceloom.kernel.audit.AuditLogExtended;
import io.traceloom.kernel.audit.merkle.MerkleHashes;
import io.traceloom.kernel.audit.merkle.Tiles;
import io.traceloom.query.readmodel.Documents;
import io.traceloom.query.readmodel.ReadModelWriter;
import java.util.List;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.springframework.stereotype.Component;

/**
 * The tenants' audit logs as a tree to read proofs from: each log's size, and its hashes in tiles (the leaves with
 * their events' positions, so the feed finds an entry's event by its index). Derived from the log's events alone,
 * so a rebuild gives the same tree.
 */
@Component
@ProcessingGroup(AuditLogProjection.PROCESSING_GROUP)
public class AuditLogProjection {

    public static final String PROCESSING_GROUP = "audit-log";

    private final ReadModelWriter writer;

    public AuditLogProjection(ReadModelWriter writer) {
        this.writer = writer;
    }

    @EventHandler
    void on(AuditLogExtended event) {
        // tiles first: a batch's writes reach MongoDB collection by collection, in the order first touched, so a
        // reader that sees a size finds every hash of it
        Documents<AuditTileDocument> tiles = writer.documents(AuditTileDocument.class, AuditTileDocument::id);
        Documents<AuditLogDocument> logs = writer.documents(AuditLogDocument.class, AuditLogDocument::tenantId);
        String tenantId = event.tenantId();
        AuditLogDocument log = logs.find(tenantId);
        long size = log == null ? 0 : log.size();
        long end = event.firstIndex() + event.entries().size();
        if (end <= size) {
            return; // folded before this batch was handled again
        }
        if (event.firstIndex() != size) {
            throw new IllegalStateException("the audit log of tenant " + tenantId + " holds " + size
                    + " entries; entries from " + event.firstIndex() + " cannot follow");
        }
        List<byte[]> leaves = event.entries().stream().map(entry -> MerkleHashes.fromHex(entry.leafHash())).toList();
        List<Tiles.Tile> changed = Tiles.append((level, index) -> {
            AuditTileDocument tile = tiles.find(AuditTileDocument.idOf(tenantId, level, index));
            return tile == null ? null : tile.hashes();
        }, size, leaves);
        for (Tiles.Tile tile : changed) {
            AuditTileDocument before = tiles.find(AuditTileDocument.idOf(tenantId, tile.level(), tile.index()));
            long[] positions = new long[0];
            if (tile.level() == 0) {
                long first = tile.index() * Tiles.WIDTH + (before == null ? 0 : before.count());
                positions = event.entries().subList((int) (first - size), (int) (first - size) + tile.count()
                        - (before == null ? 0 : before.count())).stream().mapToLong(AuditLogExtended.Entry::position)
                        .toArray();
            }
            tiles.save(AuditTileDocument.of(tenantId, tile, before, positions));
        }
        logs.save(new AuditLogDocument(tenantId, end));
    }

    @ResetHandler
    void reset() {
        writer.clear(AuditTileDocument.class);
        writer.clear(AuditLogDocument.class);
    }
}
