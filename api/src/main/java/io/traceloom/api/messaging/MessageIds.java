package io.traceloom.api.messaging;

import io.traceloom.kernel.message.ResourceIds;
import org.axonframework.common.IdentifierFactory;

/**
 * Axon's identifiers of messages, made as {@link ResourceIds} makes resources' ids, in order: an event's
 * identifier is a key of the event store's unique index of events, which a random one would dirty anywhere at each
 * append. Axon finds this factory by the service loader ({@code META-INF/services}).
 */
public final class MessageIds extends IdentifierFactory {

    @Override
    public String generateIdentifier() {
        return ResourceIds.next();
    }
}
