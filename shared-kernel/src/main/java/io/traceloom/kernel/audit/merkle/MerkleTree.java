package io.traceloom.kernel.audit.merkle;

import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;

/**
 * RFC 9162 §2.1 over a log of {@code size} leaves: its root (MTH, §2.1.1), the inclusion path of a leaf
 * (§2.1.3.1) and the consistency path between two sizes (§2.1.4.1), each computed from the hashes of complete
 * subtrees with O(log n) of them; and the verification algorithms of §2.1.3.2 and §2.1.4.2, which need nothing
 * but the proof.
 *
 * <p>RFC 9162 splits a range of n leaves at the largest power of two below n, so the left part of every split
 * is a complete, aligned subtree, one hash to read; only the ranges that end at the tree's right edge are
 * computed, each from at most one complete subtree per level.
 */
public final class MerkleTree {

    private MerkleTree() {
    }

    /** MTH(D[0:size]). */
    public static byte[] root(SubtreeHashes nodes, long size) {
        requireSize(size);
        return size == 0 ? MerkleHashes.emptyRoot() : range(nodes, 0, size);
    }

    /** PATH(index, D[0:size]): the sibling hashes from the leaf up, for {@code 0 <= index < size}. */
    public static List<byte[]> inclusionPath(SubtreeHashes nodes, long index, long size) {
        requireSize(size);
        if (index < 0 || index >= size) {
            throw new IllegalArgumentException("index " + index + " is not a leaf of a tree of " + size);
        }
        List<byte[]> path = new ArrayList<>();
        inclusionPath(nodes, index, 0, size, path);
        return path;
    }

    private static void inclusionPath(SubtreeHashes nodes, long index, long lo, long hi, List<byte[]> path) {
        if (hi - lo == 1) {
            return;
        }
        long k = split(hi - lo);
        if (index < lo + k) {
            inclusionPath(nodes, index, lo, lo + k, path);
            path.add(range(nodes, lo + k, hi));
        } else {
            inclusionPath(nodes, index, lo + k, hi, path);
            path.add(range(nodes, lo, lo + k));
        }
    }

    /** PROOF(first, D[0:second]), for {@code 0 < first <= second}; empty when they are equal. */
    public static List<byte[]> consistencyPath(SubtreeHashes nodes, long first, long second) {
        requireSize(second);
        if (first <= 0 || first > second) {
            throw new IllegalArgumentException("no consistency proof from " + first + " to " + second);
        }
        List<byte[]> path = new ArrayList<>();
        subproof(nodes, first, 0, second, true, path);
        return path;
    }

    /** SUBPROOF(m, D[lo:hi], b) of §2.1.4.1, with {@code m} counted from {@code lo}. */
    private static void subproof(SubtreeHashes nodes, long m, long lo, long hi, boolean b, List<byte[]> path) {
        long n = hi - lo;
        if (m == n) {
            if (!b) {
                path.add(range(nodes, lo, hi));
            }
            return;
        }
        long k = split(n);
        if (m <= k) {
            subproof(nodes, m, lo, lo + k, b, path);
            path.add(range(nodes, lo + k, hi));
        } else {
            subproof(nodes, m - k, lo + k, hi, false, path);
            path.add(range(nodes, lo, lo + k));
        }
    }

    /** MTH(D[lo:hi]) for a range the RFC's splits give: {@code lo} is a multiple of the largest power of two in it. */
    private static byte[] range(SubtreeHashes nodes, long lo, long hi) {
        long n = hi - lo;
        if (Long.bitCount(n) == 1 && (lo & (n - 1)) == 0) {
            int level = Long.numberOfTrailingZeros(n);
            return nodes.hash(level, lo >>> level);
        }
        long k = split(n);
        return MerkleHashes.node(range(nodes, lo, lo + k), range(nodes, lo + k, hi));
    }

    /** The largest power of two smaller than {@code n} (n > 1). */
    static long split(long n) {
        return Long.highestOneBit(n - 1);
    }

    /**
     * §2.1.3.2: whether {@code path} proves that {@code leafHash} is the leaf at {@code index} of the tree of
     * {@code size} leaves whose root is {@code root}.
     */
    public static boolean verifyInclusion(long index, long size, byte[] leafHash, List<byte[]> path, byte[] root) {
        if (index < 0 || index >= size || leafHash == null || root == null || path == null) {
            return false;
        }
        long fn = index;
        long sn = size - 1;
        byte[] r = leafHash;
        for (byte[] p : path) {
            if (sn == 0 || p == null || p.length != MerkleHashes.SIZE) {
                return false;
            }
            if ((fn & 1) == 1 || fn == sn) {
                r = MerkleHashes.node(p, r);
                while ((fn & 1) == 0 && fn != 0) {
                    fn >>>= 1;
                    sn >>>= 1;
                }
            } else {
                r = MerkleHashes.node(r, p);
            }
            fn >>>= 1;
            sn >>>= 1;
        }
        return sn == 0 && MessageDigest.isEqual(r, root);
    }

    /**
     * §2.1.4.2: whether {@code path} proves that the tree of {@code first} leaves with root {@code firstRoot} is a
     * prefix of the tree of {@code second} leaves with root {@code secondRoot}. Equal sizes are consistent when
     * their roots are equal and the path is empty, as the RFC's proof of them is.
     */
    public static boolean verifyConsistency(long first, long second, byte[] firstRoot, byte[] secondRoot,
                                            List<byte[]> path) {
        if (first <= 0 || first > second || firstRoot == null || secondRoot == null || path == null) {
            return false;
        }
        if (first == second) {
            return path.isEmpty() && MessageDigest.isEqual(firstRoot, secondRoot);
        }
        if (path.isEmpty()) {
            return false;
        }
        List<byte[]> hashes = new ArrayList<>(path.size() + 1);
        if (Long.bitCount(first) == 1) {
            hashes.add(firstRoot);
        }
        hashes.addAll(path);
        for (byte[] hash : hashes) {
            if (hash == null || hash.length != MerkleHashes.SIZE) {
                return false;
            }
        }
        long fn = first - 1;
        long sn = second - 1;
        while ((fn & 1) == 1) {
            fn >>>= 1;
            sn >>>= 1;
        }
        byte[] fr = hashes.get(0);
        byte[] sr = hashes.get(0);
        for (byte[] c : hashes.subList(1, hashes.size())) {
            if (sn == 0) {
                return false;
            }
            if ((fn & 1) == 1 || fn == sn) {
                fr = MerkleHashes.node(c, fr);
                sr = MerkleHashes.node(c, sr);
                while ((fn & 1) == 0 && fn != 0) {
                    fn >>>= 1;
                    sn >>>= 1;
                }
            } else {
                sr = MerkleHashes.node(sr, c);
            }
            fn >>>= 1;
            sn >>>= 1;
        }
        return MessageDigest.isEqual(fr, firstRoot) && MessageDigest.isEqual(sr, secondRoot) && sn == 0;
    }

    private static void requireSize(long size) {
        if (size < 0) {
            throw new IllegalArgumentException("a tree has no negative size");
        }
    }
}
