package io.traceloom.kernel.audit;

import io.traceloom.kernel.message.TenantScoped;

/**
 * The RFC 9162 inclusion proof of entry {@code index} in the tenant's tree of {@code treeSize} entries
 * ({@code index < treeSize <=} the log's size). Answered with an {@link InclusionProofView}.
 */
public record FindInclusionProof(String tenantId, long index, long treeSize) implements TenantScoped {
}
