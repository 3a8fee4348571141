package io.traceloom.query.audit;

import io.traceloom.kernel.audit.AuditCheckpointView;
import io.traceloom.kernel.audit.AuditLogIntegrity;
import io.traceloom.kernel.audit.AuditLogMismatch;
import io.traceloom.kernel.audit.AuditLogView;
import io.traceloom.kernel.audit.ConsistencyProofView;
import io.traceloom.kernel.audit.FindAuditCheckpoint;
import io.traceloom.kernel.audit.FindAuditLog;
import io.traceloom.kernel.audit.FindAuditLogIntegrity;
import io.traceloom.kernel.audit.FindConsistencyProof;
import io.traceloom.kernel.audit.FindInclusionProof;
import io.traceloom.kernel.audit.InclusionProofView;
import io.traceloom.kernel.audit.merkle.MerkleHashes;
import io.traceloom.kernel.audit.merkle.MerkleTree;
import io.traceloom.kernel.audit.merkle.SubtreeHashes;
import java.util.List;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.stereotype.Component;

/**
 * Tree heads and RFC 9162 proofs of a tenant's log, from its tiles: each reads a few tiles by {@code _id}, however
 * long the log. Sizes beyond the log are refused here too (the API refuses them first, with 400).
 */
@Component
public class AuditLogQueries {

    private final AuditLogTiles tiles;
    private final AuditLogChecks checks;

    public AuditLogQueries(AuditLogTiles tiles, AuditLogChecks checks) {
        this.tiles = tiles;
        this.checks = checks;
    }

    @QueryHandler
    public AuditLogView handle(FindAuditLog query) {
        return new AuditLogView(tiles.size(query.tenantId()));
    }

    /** The root of the first {@code treeSize} entries, once those never checked are found to match the store. */
    @QueryHandler
    public AuditCheckpointView handle(FindAuditCheckpoint query) {
        String tenantId = query.tenantId();
        requireWithin(tenantId, query.treeSize());
        String root = MerkleHashes.hex(MerkleTree.root(tiles.tree(tenantId), query.treeSize()));
        AuditLogMismatch mismatch = checks.checkThrough(tenantId, query.treeSize());
        return new AuditCheckpointView(query.treeSize(), root, mismatch);
    }

    @QueryHandler
    public InclusionProofView handle(FindInclusionProof query) {
        requireWithin(query.tenantId(), query.treeSize());
        SubtreeHashes tree = tiles.tree(query.tenantId());
        List<byte[]> path = MerkleTree.inclusionPath(tree, query.index(), query.treeSize());
        return new InclusionProofView(query.index(), query.treeSize(), MerkleHashes.hex(tree.hash(0, query.index())),
                hexes(path));
    }

    @QueryHandler
    public ConsistencyProofView handle(FindConsistencyProof query) {
        requireWithin(query.tenantId(), query.to());
        List<byte[]> path = MerkleTree.consistencyPath(tiles.tree(query.tenantId()), query.from(), query.to());
        return new ConsistencyProofView(query.from(), query.to(), hexes(path));
    }

    @QueryHandler
    public AuditLogIntegrity handle(FindAuditLogIntegrity query) {
        return new AuditLogIntegrity(checks.mismatches(), checks.checked());
    }

    private void requireWithin(String tenantId, long treeSize) {
        long size = tiles.size(tenantId);
        if (treeSize < 0 || treeSize > size) {
            throw new IllegalArgumentException("the log of tenant " + tenantId + " holds " + size + " entries, not "
                    + treeSize);
        }
    }

    private static List<String> hexes(List<byte[]> hashes) {
        return hashes.stream().map(MerkleHashes::hex).toList();
    }
}
