package io.traceloom.query.audit;

import io.traceloom.kernel.audit.merkle.MerkleHashes;
import io.traceloom.kernel.audit.merkle.MerkleTree;
import io.traceloom.kernel.audit.merkle.Tiles;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * What a checkpoint's root and a proof cost at a size the HTTP bench cannot seed here (bench/run.sh runs it with the
 * leaf count, 1,000,000 by default): the tree kept in tiles exactly as the read model keeps them, in memory, so what
 * is measured is the engine's work and how many tiles each answer reads (each tile one read by {@code _id} from
 * MongoDB in the service). Prints one line of JSON. Test code, not the service's: bench/run.sh runs it from the
 * packaged jar with {@code -Dloader.path=query-side/target/test-classes}.
 */
public final class AuditTreeBenchmark {

    private static final int SAMPLES = 2_000;

    private AuditTreeBenchmark() {
    }

    public static void main(String[] args) {
        int leaves = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        Map<String, byte[]> tiles = new HashMap<>();
        Tiles.Store store = (level, index) -> tiles.get(level + "/" + index);
        long started = System.nanoTime();
        for (int first = 0; first < leaves; first += 100) {
            List<byte[]> batch = new ArrayList<>(100);
            for (int i = first; i < Math.min(leaves, first + 100); i++) {
                batch.add(MerkleHashes.leaf(ByteBuffer.allocate(8).putLong(i).array()));
            }
            for (Tiles.Tile tile : Tiles.append(store, first, batch)) {
                tiles.put(tile.level() + "/" + tile.index(), tile.hashes());
            }
        }
        double buildSeconds = (System.nanoTime() - started) / 1e9;
        AtomicInteger reads = new AtomicInteger();
        Tiles.Store counted = (level, index) -> {
            reads.incrementAndGet();
            return store.read(level, index);
        };
        Random random = new Random(30);
        Result root = measure(reads, () -> MerkleTree.root(Tiles.reader(counted), leaves));
        Result inclusion = measure(reads, () -> MerkleTree.inclusionPath(Tiles.reader(counted),
                random.nextInt(leaves), leaves));
        Result consistency = measure(reads, () -> MerkleTree.consistencyPath(Tiles.reader(counted),
                1 + random.nextInt(leaves - 1), leaves));
        System.out.printf("{\"leaves\":%d,\"appendSeconds\":%.2f,\"rootMicros\":%.1f,\"rootTiles\":%d,"
                        + "\"inclusionMicros\":%.1f,\"inclusionTiles\":%d,\"consistencyMicros\":%.1f,\"consistencyTiles\":%d}%n",
                leaves, buildSeconds, root.micros, root.maxTiles, inclusion.micros, inclusion.maxTiles,
                consistency.micros, consistency.maxTiles);
    }

    private record Result(double micros, int maxTiles) {
    }

    /** The mean time of an answer after warm-up, and the most tiles one read. */
    private static Result measure(AtomicInteger reads, Supplier<Object> answer) {
        for (int i = 0; i < SAMPLES; i++) {
            answer.get();
        }
        int maxTiles = 0;
        long started = System.nanoTime();
        for (int i = 0; i < SAMPLES; i++) {
            reads.set(0);
            answer.get();
            maxTiles = Math.max(maxTiles, reads.get());
        }
        return new Result((System.nanoTime() - started) / 1e3 / SAMPLES, maxTiles);
    }
}
