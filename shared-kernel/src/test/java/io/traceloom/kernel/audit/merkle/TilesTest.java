package io.traceloom.kernel.audit.merkle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A tree kept in tiles gives the same roots and proofs as one computed from all its leaves, past the sizes
 * where a second and a third level of tiles begin (256 and 65,536 leaves), appended in batches of any size;
 * and a root or a proof reads a few tiles, not a number that grows with the tree.
 */
class TilesTest {

    private static final int LEAVES = 70_000;

    @Test
    void rootsAndProofsFromTilesAreThoseOfTheWholeTree() {
        List<byte[]> hashes = leafHashes(LEAVES);
        SubtreeHashes whole = MerkleTreeTest.naive(hashes);
        Map<String, byte[]> store = new HashMap<>();
        Random random = new Random(30);
        long[] sizes = {1, 2, 255, 256, 257, 511, 512, 65_535, 65_536, 65_537, LEAVES};
        int size = 0;
        int check = 0;
        while (size < LEAVES) {
            int batch = Math.min(LEAVES - size, random.nextInt(5) == 0 ? 1 + random.nextInt(3000) : 1 + random.nextInt(7));
            append(store, size, hashes.subList(size, size + batch));
            size += batch;
            while (check < sizes.length && sizes[check] <= size) {
                long at = sizes[check++];
                // the tiles may already hold more than `at` leaves: a tree of an earlier size is read from them too
                assertThat(MerkleTree.root(Tiles.reader(store(store)), at)).as("root at " + at)
                        .isEqualTo(MerkleTree.root(whole, at));
            }
            SubtreeHashes tiles = Tiles.reader(store(store));
            assertThat(MerkleTree.root(tiles, size)).as("root at " + size).isEqualTo(MerkleTree.root(whole, size));
        }
        for (long treeSize : sizes) {
            for (long index : new long[]{0, treeSize / 3, treeSize / 2, treeSize - 1}) {
                assertThat(MerkleTree.inclusionPath(Tiles.reader(store(store)), index, treeSize))
                        .as(index + " of " + treeSize)
                        .containsExactlyElementsOf(MerkleTree.inclusionPath(whole, index, treeSize));
            }
            for (long first : new long[]{1, treeSize / 3, treeSize - 1, treeSize}) {
                if (first >= 1) {
                    assertThat(MerkleTree.consistencyPath(Tiles.reader(store(store)), first, treeSize))
                            .as(first + " to " + treeSize)
                            .containsExactlyElementsOf(MerkleTree.consistencyPath(whole, first, treeSize));
                }
            }
        }
    }

    @Test
    void aRootOrAProofReadsAFewTiles() {
        List<byte[]> hashes = leafHashes(LEAVES);
        Map<String, byte[]> store = new HashMap<>();
        append(store, 0, hashes);
        AtomicInteger reads = new AtomicInteger();
        Tiles.Store counted = (level, index) -> {
            reads.incrementAndGet();
            return store.get(level + "/" + index);
        };

        MerkleTree.root(Tiles.reader(counted), LEAVES);
        assertThat(reads.get()).as("tiles read for a root").isLessThanOrEqualTo(6);
        reads.set(0);
        MerkleTree.inclusionPath(Tiles.reader(counted), 12_345, LEAVES);
        assertThat(reads.get()).as("tiles read for an inclusion path").isLessThanOrEqualTo(9);
        reads.set(0);
        MerkleTree.consistencyPath(Tiles.reader(counted), 12_345, LEAVES);
        assertThat(reads.get()).as("tiles read for a consistency path").isLessThanOrEqualTo(9);
    }

    @Test
    void appendingWhereTheTilesDoNotEndIsRefused() {
        Map<String, byte[]> store = new HashMap<>();
        append(store, 0, leafHashes(3));

        assertThatThrownBy(() -> Tiles.append(store(store), 2, leafHashes(1))).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> Tiles.append(store(store), 4, leafHashes(1))).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> MerkleTree.root(Tiles.reader(store(store)), 4)).isInstanceOf(IllegalStateException.class);
    }

    private static void append(Map<String, byte[]> store, long size, List<byte[]> leaves) {
        for (Tiles.Tile tile : Tiles.append(store(store), size, leaves)) {
            store.put(tile.level() + "/" + tile.index(), tile.hashes());
        }
    }

    private static Tiles.Store store(Map<String, byte[]> store) {
        return (level, index) -> store.get(level + "/" + index);
    }

    private static List<byte[]> leafHashes(int count) {
        List<byte[]> hashes = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            hashes.add(MerkleHashes.leaf(ByteBuffer.allocate(8).putLong(i).array()));
        }
        return hashes;
    }
}
