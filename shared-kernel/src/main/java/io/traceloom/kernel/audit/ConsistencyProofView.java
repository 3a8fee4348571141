package io.traceloom.kernel.audit;

import java.util.List;

/** RFC 9162 §2.1.4: the hashes that show the tree of {@code from} entries is a prefix of that of {@code to}. */
public record ConsistencyProofView(long from, long to, List<String> consistencyPath) {
}
