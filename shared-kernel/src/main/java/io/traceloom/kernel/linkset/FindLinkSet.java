package io.traceloom.kernel.linkset;

import io.traceloom.kernel.message.TenantScoped;
import java.time.Instant;

/**
 * Answered with an {@code Optional<LinkSetView>}.
 *
 * @param asOf {@code null} for the resource as it stands now (its read model); an instant for the resource as
 *             it was then, folded from its events by its projection's own handlers (empty when it did not
 *             exist then)
 */
public record FindLinkSet(String tenantId, String linkSetId, Instant asOf) implements TenantScoped {

    /** As it stands now. */
    public FindLinkSet(String tenantId, String linkSetId) {
        this(tenantId, linkSetId, null);
    }
}
