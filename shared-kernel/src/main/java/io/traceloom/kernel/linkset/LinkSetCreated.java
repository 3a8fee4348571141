package io.traceloom.kernel.linkset;

import io.traceloom.kernel.message.TenantScoped;
import java.util.List;
import org.axonframework.serialization.Revision;

/**
 * A link set was created (again, if it had been deleted): from now on the resolver answers for its key.
 *
 * @param identifier      the primary key, normalised ({@link DigitalLink#identifier()})
 * @param qualifier       the key qualifiers, normalised, or empty
 * @param itemDescription as given, or {@code null}
 * @param links           every link new: their times are this event's
 */
@Revision("1")
public record LinkSetCreated(String tenantId, String linkSetId, String identifier, String qualifier,
                             String itemDescription, List<LinkRecord> links) implements TenantScoped {

    public String key() {
        return DigitalLink.key(identifier, qualifier);
    }
}
