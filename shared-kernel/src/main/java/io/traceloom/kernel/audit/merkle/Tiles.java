package io.traceloom.kernel.audit.merkle;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a log keeps the hashes of its tree: in tiles of 256 (as transparency logs serve them). The tile of
 * {@code level} L and {@code index} t holds the hashes of the tree's nodes at height 8L numbered
 * {@code [256t, 256t + 256)}, as far as they are complete: level 0 the leaf hashes, level 1 the roots of every
 * 256 leaves, level 2 of every 65,536. Any complete subtree's hash is then in one tile, or made from at most 128
 * hashes of one tile, so a root or a proof reads a few tiles (at most two per level of tiles, three levels for
 * 16 million leaves) whatever the size.
 */
public final class Tiles {

    /** Tree levels per level of tiles. */
    public static final int HEIGHT = 8;
    /** Hashes in a full tile. */
    public static final int WIDTH = 1 << HEIGHT;

    private Tiles() {
    }

    /** Where the tiles are read from. */
    @FunctionalInterface
    public interface Store {

        /** The hashes of a tile, concatenated, or {@code null} when it has none yet. */
        byte[] read(int level, long index);
    }

    /** A tile as appending left it: its hashes concatenated, {@link MerkleHashes#SIZE} bytes each. */
    public record Tile(int level, long index, byte[] hashes) {

        public int count() {
            return hashes.length / MerkleHashes.SIZE;
        }

        public byte[] hash(int position) {
            return Arrays.copyOfRange(hashes, position * MerkleHashes.SIZE, (position + 1) * MerkleHashes.SIZE);
        }
    }

    /**
     * Appends leaf hashes to a log of {@code size} leaves kept in {@code store}: the tiles that change, in the
     * order they were first touched, each once with its new content (the leaves' tiles first, then the tiles
     * above that completed subtrees reach).
     *
     * @throws IllegalStateException when the store's tiles do not hold exactly {@code size} leaves' hashes
     */
    public static List<Tile> append(Store store, long size, List<byte[]> leafHashes) {
        Map<Long, Map<Long, byte[]>> changed = new LinkedHashMap<>();
        for (int i = 0; i < leafHashes.size(); i++) {
            add(store, changed, 0, size + i, leafHashes.get(i));
        }
        List<Tile> tiles = new ArrayList<>();
        changed.forEach((level, byIndex) -> byIndex.forEach((index, hashes) ->
                tiles.add(new Tile(level.intValue(), index, hashes))));
        return tiles;
    }

    private static void add(Store store, Map<Long, Map<Long, byte[]>> changed, int level, long node, byte[] hash) {
        if (hash.length != MerkleHashes.SIZE) {
            throw new IllegalArgumentException("a hash is " + MerkleHashes.SIZE + " bytes");
        }
        long index = node >>> HEIGHT;
        int position = (int) (node & (WIDTH - 1));
        Map<Long, byte[]> tiles = changed.computeIfAbsent((long) level, key -> new LinkedHashMap<>());
        byte[] tile = tiles.get(index);
        if (tile == null) {
            tile = store.read(level, index);
            tile = tile == null ? new byte[0] : tile;
        }
        if (tile.length != position * MerkleHashes.SIZE) {
            throw new IllegalStateException("tile " + level + "/" + index + " holds " + tile.length / MerkleHashes.SIZE
                    + " hashes where node " + node + " of its level comes next");
        }
        byte[] grown = Arrays.copyOf(tile, tile.length + MerkleHashes.SIZE);
        System.arraycopy(hash, 0, grown, tile.length, MerkleHashes.SIZE);
        tiles.put(index, grown);
        if (position == WIDTH - 1) {
            add(store, changed, level + 1, index, subtree(grown, 0, HEIGHT));
        }
    }

    /**
     * The complete subtree hashes of a log kept in {@code store}. Each tile is read once, however many hashes are
     * asked of it: make one per question (a root, a proof), so that it sees the tiles as they are then.
     */
    public static SubtreeHashes reader(Store store) {
        Map<String, byte[]> read = new HashMap<>();
        return (level, index) -> {
            int tileLevel = level / HEIGHT;
            int height = level % HEIGHT;
            long first = index << height;
            long tileIndex = first >>> HEIGHT;
            byte[] tile = read.computeIfAbsent(tileLevel + "/" + tileIndex, key -> {
                byte[] hashes = store.read(tileLevel, tileIndex);
                return hashes == null ? new byte[0] : hashes;
            });
            int offset = (int) (first & (WIDTH - 1));
            if (tile.length < (offset + (1 << height)) * MerkleHashes.SIZE) {
                throw new IllegalStateException("the subtree " + level + "/" + index + " is not complete in tile "
                        + tileLevel + "/" + tileIndex);
            }
            return subtree(tile, offset, height);
        };
    }

    /** The root of the complete subtree of {@code 2^height} hashes of a tile from {@code offset}. */
    private static byte[] subtree(byte[] tile, int offset, int height) {
        int count = 1 << height;
        byte[][] hashes = new byte[count][];
        for (int i = 0; i < count; i++) {
            hashes[i] = Arrays.copyOfRange(tile, (offset + i) * MerkleHashes.SIZE, (offset + i + 1) * MerkleHashes.SIZE);
        }
        for (int width = count; width > 1; width /= 2) {
            for (int i = 0; i < width / 2; i++) {
                hashes[i] = MerkleHashes.node(hashes[2 * i], hashes[2 * i + 1]);
            }
        }
        return hashes[0];
    }
}
