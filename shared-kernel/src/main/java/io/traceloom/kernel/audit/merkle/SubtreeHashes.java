package io.traceloom.kernel.audit.merkle;

/**
 * The hashes of a tree's complete, aligned subtrees: the subtree of {@code level} (2^level leaves) and
 * {@code index} covers leaves {@code [index * 2^level, (index + 1) * 2^level)}; level 0 holds the leaf hashes.
 * Every hash RFC 9162 asks for (roots, paths, proofs) is one of these or made of O(log n) of them.
 */
@FunctionalInterface
public interface SubtreeHashes {

    /** The hash of a complete subtree; asked only for subtrees whose leaves all exist. */
    byte[] hash(int level, long index);
}
