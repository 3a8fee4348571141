package io.traceloom.query.audit;

import io.traceloom.kernel.audit.AuditEntry;
import io.traceloom.kernel.audit.AuditLogMismatch;
import io.traceloom.kernel.audit.merkle.MerkleHashes;
import io.traceloom.kernel.audit.merkle.Tiles;
import io.traceloom.query.history.AuditFeed;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.Update;
import org.springframework.stereotype.Component;

/**
 * Checks a tenant's log against the store: each entry's event, read from the store as it is now, must still give
 * the leaf hash that was taken when it was appended. A mismatch means the store was written behind the service's
 * back; the first one found is recorded (shared by every process), logged, shown in health, and no checkpoint of
 * that log is signed while it stands. It stands until a check of that entry finds it matching again (the event was
 * put back as it was).
 */
@Component
public class AuditLogChecks {

    private static final Logger log = LoggerFactory.getLogger(AuditLogChecks.class);

    private final MongoTemplate mongo;
    private final AuditLogTiles tiles;
    private final AuditFeed store;
    private final AtomicLong checked = new AtomicLong();

    public AuditLogChecks(MongoTemplate mongo, AuditLogTiles tiles, AuditFeed store) {
        this.mongo = mongo;
        this.tiles = tiles;
        this.store = store;
    }

    /** What is recorded of a tenant's checks, or {@code null} before the first. */
    public AuditCheckDocument of(String tenantId) {
        return mongo.findById(tenantId, AuditCheckDocument.class);
    }

    /** Entries checked since this process started. */
    public long checked() {
        return checked.get();
    }

    /** Every recorded mismatch, one per tenant at most. */
    public List<AuditLogMismatch> mismatches() {
        return mongo.find(Query.query(Criteria.where("mismatchIndex").ne(null)), AuditCheckDocument.class).stream()
                .map(AuditLogChecks::mismatch).toList();
    }

    /**
     * The log's recorded mismatch, or else the first of the entries below {@code treeSize} that were never checked
     * found not to match, or {@code null}: what a checkpoint over {@code treeSize} entries waits for.
     */
    public AuditLogMismatch checkThrough(String tenantId, long treeSize) {
        AuditCheckDocument checks = of(tenantId);
        if (checks != null && checks.mismatchIndex() != null) {
            return mismatch(checks);
        }
        long from = checks == null ? 0 : checks.verifiedSize();
        return from >= treeSize ? null : check(tenantId, from, treeSize, true);
    }

    /**
     * Checks entries {@code [from, to)}: records them verified (when {@code advance}, and all match) or the first
     * mismatch, and answers it ({@code null}: all match).
     */
    public AuditLogMismatch check(String tenantId, long from, long to, boolean advance) {
        for (long tile = from / Tiles.WIDTH; tile * Tiles.WIDTH < to; tile++) {
            AuditLogMismatch mismatch = checkTile(tenantId, tile, Math.max(from, tile * Tiles.WIDTH),
                    Math.min(to, (tile + 1) * Tiles.WIDTH));
            if (mismatch != null) {
                record(mismatch);
                return mismatch;
            }
        }
        if (advance) {
            mongo.upsert(Query.query(Criteria.where("_id").is(tenantId)), new Update().max("verified", to),
                    AuditCheckDocument.class);
        }
        return null;
    }

    /** Checks the recorded mismatch again; clears it when the entry matches its event once more. */
    public void recheck(AuditCheckDocument checks) {
        if (checks.mismatchIndex() == null) {
            return;
        }
        long index = checks.mismatchIndex();
        long tile = index / Tiles.WIDTH;
        if (checkTile(checks.tenantId(), tile, index, index + 1) == null) {
            mongo.updateFirst(Query.query(Criteria.where("_id").is(checks.tenantId())), new Update()
                    .unset("mismatchIndex").unset("mismatchDetail").unset("mismatchDetected"), AuditCheckDocument.class);
            log.warn("The audit log of tenant {} matches the event store again at entry {}", checks.tenantId(), index);
        }
    }

    /** Records where a pass of the background check is. */
    public void rescanned(String tenantId, long index) {
        mongo.upsert(Query.query(Criteria.where("_id").is(tenantId)), new Update().set("rescanned", index),
                AuditCheckDocument.class);
    }

    private AuditLogMismatch checkTile(String tenantId, long tileIndex, long from, long to) {
        AuditTileDocument leaves = tiles.tile(tenantId, 0, tileIndex);
        long base = tileIndex * Tiles.WIDTH;
        if (leaves == null || leaves.count() < to - base) {
            return null; // not in the read model yet: nothing to check it against
        }
        Map<Long, Long> indexOf = new HashMap<>();
        for (long index = from; index < to; index++) {
            indexOf.put(leaves.position((int) (index - base)), index);
        }
        // each event hashed as it is read, and let go: a tile of the largest events (2 MB a render) is 512 MB
        Map<Long, Found> found = new HashMap<>();
        store.readAt(new TreeSet<>(indexOf.keySet()), (position, event) -> {
            long index = indexOf.get(position);
            found.put(index, new Found(event.type(), new AuditEntry(index, event).leafHash()));
            return true;
        });
        for (long index = from; index < to; index++) {
            int offset = (int) (index - base);
            byte[] recorded = Arrays.copyOfRange(leaves.hashes(), offset * MerkleHashes.SIZE,
                    (offset + 1) * MerkleHashes.SIZE);
            Found event = found.get(index);
            checked.incrementAndGet();
            if (event == null) {
                return new AuditLogMismatch(tenantId, index, "its event (at position " + leaves.position(offset)
                        + " of the store) is gone", Instant.now());
            }
            if (!MessageDigest.isEqual(recorded, event.leafHash())) {
                return new AuditLogMismatch(tenantId, index, "its event (" + event.type() + " at position "
                        + leaves.position(offset) + " of the store) no longer gives the leaf hash "
                        + MerkleHashes.hex(recorded) + " recorded when it was appended, but "
                        + MerkleHashes.hex(event.leafHash()), Instant.now());
            }
        }
        return null;
    }

    /** What an entry's event in the store gives now: its type, for the record of a mismatch, and its leaf hash. */
    private record Found(String type, byte[] leafHash) {
    }

    private void record(AuditLogMismatch mismatch) {
        AuditCheckDocument known = of(mismatch.tenantId());
        if (known != null && known.mismatchIndex() != null && known.mismatchIndex() <= mismatch.index()) {
            return;
        }
        mongo.upsert(Query.query(Criteria.where("_id").is(mismatch.tenantId())), new Update()
                .set("mismatchIndex", mismatch.index()).set("mismatchDetail", mismatch.detail())
                .set("mismatchDetected", mismatch.detectedAt()), AuditCheckDocument.class);
        log.error("The audit log of tenant {} no longer matches the event store at entry {}: {}. The store was "
                        + "written behind the service's back; no checkpoint of this log is signed until it matches again.",
                mismatch.tenantId(), mismatch.index(), mismatch.detail());
    }

    private static AuditLogMismatch mismatch(AuditCheckDocument checks) {
        return new AuditLogMismatch(checks.tenantId(), checks.mismatchIndex(), checks.mismatchDetail(),
                checks.mismatchDetected());
    }
}
