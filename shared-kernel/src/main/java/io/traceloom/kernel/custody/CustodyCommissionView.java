package io.traceloom.kernel.custody;

import java.time.Instant;
import java.util.List;

/**
 * A custody commission as the read side knows it.
 *
 * @param consumedBy who consumed it, or {@code null} while it is open
 * @param version    its event sequence number: it changes exactly when the commission does (its entity tag)
 */
public record CustodyCommissionView(String id, String identifier, List<String> registeredConsumers, Instant createdAt,
                                    Instant updatedAt, String consumedBy, Instant consumedAt, long version) {
}
