package io.traceloom.kernel.linkset;

import io.traceloom.kernel.message.TenantScoped;
import java.util.List;
import org.axonframework.serialization.Revision;

/**
 * A link set was replaced as a whole; its id stays.
 *
 * @param previousKey the Digital Link key it answered for before, free again when it is not its key now
 * @param links       the links now; those that were there before keep their {@code createdAt}
 */
@Revision("1")
public record LinkSetReplaced(String tenantId, String linkSetId, String identifier, String qualifier,
                              String previousKey, String itemDescription, List<LinkRecord> links)
        implements TenantScoped {

    public String key() {
        return DigitalLink.key(identifier, qualifier);
    }
}
