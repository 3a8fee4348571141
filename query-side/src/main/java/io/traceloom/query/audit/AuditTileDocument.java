package io.traceloom.query.audit;

import io.traceloom.kernel.audit.merkle.Tiles;
import io.traceloom.query.readmodel.TenantDocument;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/**
 * One tile of a tenant's tree ({@link Tiles}): the hashes of up to 256 nodes of one level, 32 bytes each; at
 * level 0 the leaf hashes of 256 entries, with the positions in the store of their events, 8 bytes each.
 */
@Document(AuditTileDocument.COLLECTION)
public record AuditTileDocument(@Id String id, String tenantId, int level, long index, byte[] hashes,
                                byte[] positions) implements TenantDocument {

    public static final String COLLECTION = "audit_log_tiles";

    public static String idOf(String tenantId, int level, long index) {
        return tenantId + "/" + level + "/" + index;
    }

    /** The tile with more hashes, and at level 0 the positions of their events after its own. */
    public static AuditTileDocument of(String tenantId, Tiles.Tile tile, AuditTileDocument before, long[] morePositions) {
        byte[] positions = null;
        if (tile.level() == 0) {
            byte[] known = before == null ? new byte[0] : before.positions();
            ByteBuffer grown = ByteBuffer.wrap(Arrays.copyOf(known, known.length + 8 * morePositions.length));
            grown.position(known.length);
            for (long position : morePositions) {
                grown.putLong(position);
            }
            positions = grown.array();
        }
        return new AuditTileDocument(idOf(tenantId, tile.level(), tile.index()), tenantId, tile.level(),
                tile.index(), tile.hashes(), positions);
    }

    /** The position in the store of the event of entry {@code offset} of this level-0 tile. */
    public long position(int offset) {
        return ByteBuffer.wrap(positions).getLong(offset * 8);
    }

    public int count() {
        return hashes.length / 32;
    }
}
