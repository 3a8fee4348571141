package io.traceloom.kernel.audit;

import io.traceloom.kernel.message.TenantScoped;

/**
 * The RFC 9162 consistency proof between the tenant's trees of {@code from} and {@code to} entries
 * ({@code 0 < from <= to <=} the log's size). Answered with a {@link ConsistencyProofView}.
 */
public record FindConsistencyProof(String tenantId, long from, long to) implements TenantScoped {
}
