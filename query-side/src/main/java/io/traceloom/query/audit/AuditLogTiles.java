package io.traceloom.query.audit;

import io.traceloom.kernel.audit.merkle.SubtreeHashes;
import io.traceloom.kernel.audit.merkle.Tiles;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.stereotype.Component;

/** A tenant's tree as its tiles in MongoDB hold it, each read by {@code _id}. */
@Component
public class AuditLogTiles {

    private final MongoTemplate mongo;

    public AuditLogTiles(MongoTemplate mongo) {
        this.mongo = mongo;
    }

    /** The log's size, 0 when it has no entry yet. */
    public long size(String tenantId) {
        AuditLogDocument log = mongo.findById(tenantId, AuditLogDocument.class);
        return log == null ? 0 : log.size();
    }

    /** The tile, or {@code null} while it has no hash. */
    public AuditTileDocument tile(String tenantId, int level, long index) {
        return mongo.findById(AuditTileDocument.idOf(tenantId, level, index), AuditTileDocument.class);
    }

    /** The tree's complete subtree hashes, for one question: each tile is read at most once. */
    public SubtreeHashes tree(String tenantId) {
        return Tiles.reader((level, index) -> {
            AuditTileDocument tile = tile(tenantId, level, index);
            return tile == null ? null : tile.hashes();
        });
    }
}
