package io.traceloom.query.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.traceloom.kernel.audit.AuditLogExtended;
import io.traceloom.kernel.audit.ConsistencyProofView;
import io.traceloom.kernel.audit.FindAuditLog;
import io.traceloom.kernel.audit.FindConsistencyProof;
import io.traceloom.kernel.audit.FindInclusionProof;
import io.traceloom.kernel.audit.InclusionProofView;
import io.traceloom.kernel.audit.merkle.MerkleHashes;
import io.traceloom.kernel.audit.merkle.MerkleTree;
import io.traceloom.kernel.audit.merkle.SubtreeHashes;
import io.traceloom.query.readmodel.InMemoryMongo;
import io.traceloom.query.readmodel.ReadModelWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The log's tree as the projection keeps it: folded from the log's events in batches of any size, across the first
 * tiles' boundaries, it gives the proofs of the tree computed from all its leaves; a tenant reads only its own log;
 * an event folded again changes nothing, and one that would leave a hole is refused.
 */
class AuditLogProjectionTest {

    private final InMemoryMongo mongo = new InMemoryMongo();
    private final ReadModelWriter writer = new ReadModelWriter(mongo.template());
    private final AuditLogProjection projection = new AuditLogProjection(writer);
    private final AuditLogTiles tiles = new AuditLogTiles(mongo.template());
    private final AuditLogQueries queries = new AuditLogQueries(tiles, null);

    @AfterEach
    void tearDown() {
        mongo.close();
    }

    @Test
    void theProjectedTreeGivesTheProofsOfTheWholeTree() {
        List<byte[]> leaves = leaves("t1", 600);
        int size = 0;
        for (int batch : new int[]{1, 2, 253, 1, 1, 300, 42}) {
            projection.on(extended("t1", size, leaves.subList(size, size + batch)));
            size += batch;
        }
        projection.on(extended("t2", 0, leaves("t2", 3)));
        SubtreeHashes whole = naive(leaves);

        assertThat(queries.handle(new FindAuditLog("t1")).size()).isEqualTo(600);
        assertThat(queries.handle(new FindAuditLog("t2")).size()).isEqualTo(3);
        assertThat(queries.handle(new FindAuditLog("t3")).size()).isZero();
        for (long treeSize : new long[]{1, 255, 256, 257, 512, 600}) {
            byte[] root = MerkleTree.root(whole, treeSize);
            for (long index : new long[]{0, treeSize / 2, treeSize - 1}) {
                InclusionProofView proof = queries.handle(new FindInclusionProof("t1", index, treeSize));
                assertThat(proof.leafHash()).isEqualTo(MerkleHashes.hex(leaves.get((int) index)));
                assertThat(MerkleTree.verifyInclusion(index, treeSize, leaves.get((int) index),
                        proof.auditPath().stream().map(MerkleHashes::fromHex).toList(), root))
                        .as(index + " of " + treeSize).isTrue();
            }
            ConsistencyProofView consistency = queries.handle(new FindConsistencyProof("t1", 1, treeSize));
            assertThat(MerkleTree.verifyConsistency(1, treeSize, MerkleTree.root(whole, 1), root,
                    consistency.consistencyPath().stream().map(MerkleHashes::fromHex).toList())).isTrue();
        }
        assertThat(tiles.tile("t1", 0, 1).position(0)).as("each leaf keeps its event's position").isEqualTo(1256);
        assertThatThrownBy(() -> queries.handle(new FindInclusionProof("t2", 0, 4)))
                .as("another tenant's size is not this one's").isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void anEventFoldedAgainChangesNothingAndAHoleIsRefused() {
        List<byte[]> leaves = leaves("t1", 5);
        projection.on(extended("t1", 0, leaves.subList(0, 3)));
        projection.on(extended("t1", 0, leaves.subList(0, 3)));
        projection.on(extended("t1", 3, leaves.subList(3, 5)));

        assertThat(queries.handle(new FindAuditLog("t1")).size()).isEqualTo(5);
        assertThat(tiles.tile("t1", 0, 0).count()).isEqualTo(5);
        assertThatThrownBy(() -> projection.on(extended("t1", 7, leaves.subList(0, 1))))
                .isInstanceOf(IllegalStateException.class);
    }

    private static AuditLogExtended extended(String tenantId, long firstIndex, List<byte[]> leaves) {
        List<AuditLogExtended.Entry> entries = new ArrayList<>();
        for (int i = 0; i < leaves.size(); i++) {
            long index = firstIndex + i;
            entries.add(new AuditLogExtended.Entry("event-" + index, 1000 + index, MerkleHashes.hex(leaves.get(i))));
        }
        return new AuditLogExtended(tenantId, firstIndex, entries, 1000 + firstIndex + leaves.size(), List.of());
    }

    private static List<byte[]> leaves(String tenantId, int count) {
        List<byte[]> leaves = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            leaves.add(MerkleHashes.leaf((tenantId + "/" + i).getBytes(StandardCharsets.UTF_8)));
        }
        return leaves;
    }

    private static SubtreeHashes naive(List<byte[]> leaves) {
        List<List<byte[]>> levels = new ArrayList<>();
        levels.add(leaves);
        while (levels.get(levels.size() - 1).size() > 1) {
            List<byte[]> below = levels.get(levels.size() - 1);
            List<byte[]> level = new ArrayList<>();
            for (int i = 0; i + 1 < below.size(); i += 2) {
                level.add(MerkleHashes.node(below.get(i), below.get(i + 1)));
            }
            levels.add(level);
        }
        return (level, index) -> levels.get(level).get((int) index);
    }
}
