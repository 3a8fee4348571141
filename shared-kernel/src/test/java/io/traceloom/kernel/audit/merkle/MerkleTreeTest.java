package io.traceloom.kernel.audit.merkle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * RFC 9162 §2.1 against published test vectors (RFC 6962's, as Google's transparency-dev/merkle tests them),
 * and against the RFC's recursive definitions, written here once more as plainly as the RFC states them, for
 * every tree up to 64 leaves: every path and proof the engine makes verifies with the RFC's algorithms, and
 * fails for a changed leaf, a changed hash, a wrong index or size, or a hash too many or too few.
 */
class MerkleTreeTest {

    private static final HexFormat HEX = HexFormat.of();

    /** The leaves of the published vectors, as hexadecimal bytes. */
    private static final List<byte[]> VECTOR_LEAVES = List.of(hex(""), hex("00"), hex("10"), hex("2021"), hex("3031"),
            hex("40414243"), hex("5051525354555657"), hex("606162636465666768696a6b6c6d6e6f"));

    /** The roots of the trees of the first 1 to 8 of those leaves. */
    private static final List<String> VECTOR_ROOTS = List.of(
            "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
            "fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125",
            "aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77",
            "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
            "4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4",
            "76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef",
            "ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c",
            "5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328");

    @Test
    void theEmptyTreesRootIsTheHashOfNothing() {
        assertThat(MerkleHashes.hex(MerkleTree.root((level, index) -> {
            throw new AssertionError("an empty tree reads nothing");
        }, 0))).isEqualTo("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    }

    @Test
    void rootsAreThePublishedOnes() {
        SubtreeHashes nodes = naive(leafHashes(VECTOR_LEAVES));
        for (int size = 1; size <= 8; size++) {
            assertThat(MerkleHashes.hex(MerkleTree.root(nodes, size))).as("size " + size)
                    .isEqualTo(VECTOR_ROOTS.get(size - 1));
        }
    }

    @Test
    void inclusionPathsAreThePublishedOnes() {
        SubtreeHashes nodes = naive(leafHashes(VECTOR_LEAVES));
        assertThat(hexes(MerkleTree.inclusionPath(nodes, 0, 1))).isEmpty();
        assertThat(hexes(MerkleTree.inclusionPath(nodes, 0, 8))).containsExactly(
                "96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7",
                "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
                "6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4");
        assertThat(hexes(MerkleTree.inclusionPath(nodes, 5, 8))).containsExactly(
                "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b",
                "ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0",
                "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7");
        assertThat(hexes(MerkleTree.inclusionPath(nodes, 2, 3))).containsExactly(
                "fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125");
        assertThat(hexes(MerkleTree.inclusionPath(nodes, 1, 5))).containsExactly(
                "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
                "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
                "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b");
    }

    @Test
    void consistencyPathsAreThePublishedOnes() {
        SubtreeHashes nodes = naive(leafHashes(VECTOR_LEAVES));
        assertThat(hexes(MerkleTree.consistencyPath(nodes, 1, 1))).isEmpty();
        assertThat(hexes(MerkleTree.consistencyPath(nodes, 1, 8))).containsExactly(
                "96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7",
                "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
                "6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4");
        assertThat(hexes(MerkleTree.consistencyPath(nodes, 6, 8))).containsExactly(
                "0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a",
                "ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0",
                "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7");
        assertThat(hexes(MerkleTree.consistencyPath(nodes, 2, 5))).containsExactly(
                "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
                "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b");
        assertThat(hexes(MerkleTree.consistencyPath(nodes, 6, 7))).containsExactly(
                "0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a",
                "b08693ec2e721597130641e8211e7eedccb4c26413963eee6c1e2ed16ffb1a5f",
                "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7");
    }

    @Test
    void everyInclusionPathUpTo64LeavesIsTheRfcsAndVerifiesOnlyForItsLeaf() {
        List<byte[]> leaves = inputs(64);
        List<byte[]> hashes = leafHashes(leaves);
        SubtreeHashes nodes = naive(hashes);
        for (int size = 1; size <= 64; size++) {
            byte[] root = MerkleTree.root(nodes, size);
            assertThat(root).as("size " + size).isEqualTo(Rfc.mth(leaves.subList(0, size)));
            for (int index = 0; index < size; index++) {
                List<byte[]> path = MerkleTree.inclusionPath(nodes, index, size);
                String at = index + " of " + size;
                assertThat(hexes(path)).as(at).isEqualTo(hexes(Rfc.path(index, leaves.subList(0, size))));
                assertThat(MerkleTree.verifyInclusion(index, size, hashes.get(index), path, root)).as(at).isTrue();

                byte[] changedLeaf = MerkleHashes.leaf((new String(leaves.get(index), StandardCharsets.UTF_8) + "!")
                        .getBytes(StandardCharsets.UTF_8));
                assertThat(MerkleTree.verifyInclusion(index, size, changedLeaf, path, root)).as("changed " + at).isFalse();
                for (List<byte[]> wrong : corrupted(path, root)) {
                    assertThat(MerkleTree.verifyInclusion(index, size, hashes.get(index), wrong, root))
                            .as("corrupted path " + at).isFalse();
                }
                if (size > 1) {
                    int other = (index + 1) % size;
                    assertThat(MerkleTree.verifyInclusion(other, size, hashes.get(index), path, root))
                            .as("index " + other + " instead of " + at).isFalse();
                }
                // a wrong height (the RFC's algorithm reads the size for the tree's shape only: a size of the
                // same shape is the checkpoint's to bind, as its signature does)
                assertThat(MerkleTree.verifyInclusion(index, size * 2, hashes.get(index), path, root))
                        .as("size * 2 for " + at).isFalse();
                if (size > 1) {
                    assertThat(MerkleTree.verifyInclusion(index, size / 2, hashes.get(index), path, root))
                            .as("size / 2 for " + at).isFalse();
                }
                assertThat(MerkleTree.verifyInclusion(index, size, hashes.get(index), path, MerkleTree.root(nodes,
                        size == 64 ? 63 : size + 1))).as("another root for " + at).isFalse();
            }
        }
    }

    @Test
    void everyConsistencyPathUpTo64LeavesIsTheRfcsAndVerifiesOnlyForAPrefix() {
        List<byte[]> leaves = inputs(64);
        SubtreeHashes nodes = naive(leafHashes(leaves));
        for (int second = 1; second <= 64; second++) {
            byte[] secondRoot = MerkleTree.root(nodes, second);
            for (int first = 1; first <= second; first++) {
                byte[] firstRoot = MerkleTree.root(nodes, first);
                List<byte[]> path = MerkleTree.consistencyPath(nodes, first, second);
                String at = first + " to " + second;
                assertThat(hexes(path)).as(at).isEqualTo(hexes(Rfc.proof(first, leaves.subList(0, second))));
                assertThat(MerkleTree.verifyConsistency(first, second, firstRoot, secondRoot, path)).as(at).isTrue();

                List<byte[]> rewritten = new ArrayList<>(leaves.subList(0, second));
                rewritten.set(first - 1, "rewritten".getBytes(StandardCharsets.UTF_8));
                byte[] rewrittenRoot = Rfc.mth(rewritten);
                assertThat(MerkleTree.verifyConsistency(first, second, firstRoot, rewrittenRoot, path))
                        .as("a rewritten leaf " + (first - 1) + " under " + at).isFalse();
                if (first < second) {
                    for (List<byte[]> wrong : corrupted(path, firstRoot)) {
                        assertThat(MerkleTree.verifyConsistency(first, second, firstRoot, secondRoot, wrong))
                                .as("corrupted path " + at).isFalse();
                    }
                    assertThat(MerkleTree.verifyConsistency(first, second, secondRoot, firstRoot, path))
                            .as("swapped roots " + at).isFalse();
                    assertThat(MerkleTree.verifyConsistency(first, second * 2, firstRoot, secondRoot, path))
                            .as("second * 2 for " + at).isFalse();
                    if (first > 1) {
                        assertThat(MerkleTree.verifyConsistency(first - 1, second, firstRoot, secondRoot, path))
                                .as("first - 1 for " + at).isFalse();
                    }
                }
            }
        }
    }

    @Test
    void proofsOutsideTheTreeAreRefused() {
        SubtreeHashes nodes = naive(leafHashes(inputs(4)));
        assertThatThrownBy(() -> MerkleTree.inclusionPath(nodes, 4, 4)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MerkleTree.inclusionPath(nodes, -1, 4)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MerkleTree.consistencyPath(nodes, 0, 4)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MerkleTree.consistencyPath(nodes, 3, 2)).isInstanceOf(IllegalArgumentException.class);
        assertThat(MerkleTree.verifyInclusion(0, 0, MerkleHashes.emptyRoot(), List.of(), MerkleHashes.emptyRoot()))
                .isFalse();
        assertThat(MerkleTree.verifyConsistency(0, 4, MerkleHashes.emptyRoot(), MerkleHashes.emptyRoot(), List.of()))
                .isFalse();
    }

    /** What a path with one thing wrong looks like: each hash with a bit flipped, one too many, one too few. */
    static List<List<byte[]>> corrupted(List<byte[]> path, byte[] someHash) {
        List<List<byte[]>> wrong = new ArrayList<>();
        for (int i = 0; i < path.size(); i++) {
            List<byte[]> flipped = new ArrayList<>(path);
            byte[] hash = flipped.get(i).clone();
            hash[0] ^= 8;
            flipped.set(i, hash);
            wrong.add(flipped);
        }
        if (!path.isEmpty()) {
            wrong.add(path.subList(0, path.size() - 1));
            List<byte[]> preceded = new ArrayList<>(path);
            preceded.add(0, path.get(0));
            wrong.add(preceded);
        }
        List<byte[]> extended = new ArrayList<>(path);
        extended.add(someHash);
        wrong.add(extended);
        List<byte[]> truncatedHash = new ArrayList<>(path);
        truncatedHash.add(new byte[0]);
        wrong.add(truncatedHash);
        return wrong;
    }

    static List<byte[]> inputs(int count) {
        List<byte[]> leaves = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            leaves.add(("{\"index\":" + i + "}").getBytes(StandardCharsets.UTF_8));
        }
        return leaves;
    }

    static List<byte[]> leafHashes(List<byte[]> leaves) {
        return leaves.stream().map(MerkleHashes::leaf).toList();
    }

    /** Complete subtree hashes computed from the leaf hashes, level by level. */
    static SubtreeHashes naive(List<byte[]> leafHashes) {
        List<List<byte[]>> levels = new ArrayList<>();
        levels.add(leafHashes);
        while (levels.get(levels.size() - 1).size() > 1) {
            List<byte[]> below = levels.get(levels.size() - 1);
            List<byte[]> level = new ArrayList<>();
            for (int i = 0; i + 1 < below.size(); i += 2) {
                level.add(MerkleHashes.node(below.get(i), below.get(i + 1)));
            }
            levels.add(level);
        }
        return (level, index) -> levels.get(level).get(Math.toIntExact(index));
    }

    private static List<String> hexes(List<byte[]> hashes) {
        return hashes.stream().map(MerkleHashes::hex).toList();
    }

    private static byte[] hex(String hex) {
        return HEX.parseHex(hex);
    }

    /** RFC 9162 §2.1.1, §2.1.3.1 and §2.1.4.1 word for word, over lists of leaf inputs. */
    static final class Rfc {

        static byte[] mth(List<byte[]> d) {
            int n = d.size();
            if (n == 0) {
                return MerkleHashes.emptyRoot();
            }
            if (n == 1) {
                return MerkleHashes.leaf(d.get(0));
            }
            int k = Integer.highestOneBit(n - 1);
            return MerkleHashes.node(mth(d.subList(0, k)), mth(d.subList(k, n)));
        }

        static List<byte[]> path(int m, List<byte[]> d) {
            int n = d.size();
            List<byte[]> path = new ArrayList<>();
            if (n == 1) {
                return path;
            }
            int k = Integer.highestOneBit(n - 1);
            if (m < k) {
                path.addAll(path(m, d.subList(0, k)));
                path.add(mth(d.subList(k, n)));
            } else {
                path.addAll(path(m - k, d.subList(k, n)));
                path.add(mth(d.subList(0, k)));
            }
            return path;
        }

        static List<byte[]> proof(int m, List<byte[]> d) {
            return subproof(m, d, true);
        }

        private static List<byte[]> subproof(int m, List<byte[]> d, boolean b) {
            int n = d.size();
            List<byte[]> proof = new ArrayList<>();
            if (m == n) {
                if (!b) {
                    proof.add(mth(d));
                }
                return proof;
            }
            int k = Integer.highestOneBit(n - 1);
            if (m <= k) {
                proof.addAll(subproof(m, d.subList(0, k), b));
                proof.add(mth(d.subList(k, n)));
            } else {
                proof.addAll(subproof(m - k, d.subList(k, n), false));
                proof.add(mth(d.subList(0, k)));
            }
            return proof;
        }
    }

    @Test
    void theRfcTranscriptionAgreesWithThePublishedRoots() {
        for (int size = 1; size <= 8; size++) {
            assertThat(MerkleHashes.hex(Rfc.mth(VECTOR_LEAVES.subList(0, size)))).isEqualTo(VECTOR_ROOTS.get(size - 1));
        }
        assertThat(Arrays.equals(Rfc.mth(List.of()), MerkleHashes.emptyRoot())).isTrue();
    }
}
