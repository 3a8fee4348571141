package io.traceloom.kernel.audit;

import java.util.List;

/** RFC 9162 §2.1.3: the entry's leaf hash and the sibling hashes from it to the root, in lowercase hexadecimal. */
public record InclusionProofView(long index, long treeSize, String leafHash, List<String> auditPath) {
}
